// The API alone (containers run it apart from the agent server): `node --import tsx api/src/main.ts`.
import { loadConfig } from "./config";
import { startApi } from "./server";

const config = loadConfig();
const api = await startApi({ config });
console.log(`Atelier API on http://${config.host}:${api.port}/rest/main`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void api.close().then(() => process.exit(0)));
}
