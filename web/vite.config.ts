import { fileURLToPath } from "node:url";
import { defineConfig, type PluginOption } from "vite";
import react from "@vitejs/plugin-react";

const webRoot = fileURLToPath(new URL(".", import.meta.url));

// React must be one copy: the root node_modules holds a newer react for the agent packages.
export default defineConfig({
  root: webRoot,
  // plugin-react is typed against the root vite; it supports this one.
  plugins: [react() as unknown as PluginOption],
  resolve: { dedupe: ["react", "react-dom", "react-router"] },
  build: {
    outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022",
    rollupOptions: {
      // zod's sources carry prose comments that mention "@__PURE__" (explaining why the code is
      // shaped as it is); the bundler reports each as an annotation it cannot place and drops the
      // comment, which changes nothing in the output. Only those are silenced; every other warning
      // (including invalid annotations in our own code) is printed as before.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? warning.message)) return;
        warn(warning);
      },
    },
  },
  server: { port: 5173, proxy: { "/rest": "http://localhost:3000", "/socket.io": { target: "http://localhost:3000", ws: true }, "/web-config.json": "http://localhost:3000", "/agent-api": { target: "http://localhost:3001", rewrite: (p) => p.replace(/^\/agent-api/, "") } } },
});
