// The web app alone (the compose `web` service): `node --import tsx web/server/main.ts`.
// It serves web/dist as built into the image (`npm run build --workspace web`) and never builds.
import { loadWebServerConfig, startWebServer } from "./web-server";

const config = loadWebServerConfig();
const web = await startWebServer(config);
console.log(`Atelier web app on http://${config.host}:${web.port} (API at ${config.apiUrl}, agent server at ${config.agentUrl})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    web.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error("closing the web server failed", err);
        process.exit(1);
      },
    );
  });
}
