import { ensureWebBuild } from "../server/serve-web";

/** Builds the web app once before the end-to-end files run, so parallel files never build at the same time. */
export default async function setup() {
  await ensureWebBuild();
}
