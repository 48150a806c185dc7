/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webuiDir = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const backend = "http://127.0.0.1:8000";

export default defineConfig({
  root: webuiDir,
  cacheDir: fileURLToPath(new URL("../node_modules/.vite", import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { "@hearth": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Eruda (the opt-in debug console) uses eval by design; our own code must not.
        if (warning.code === "EVAL" && warning.id?.includes("/node_modules/eruda/")) return;
        warn(warning);
      },
    },
  },
  server: {
    // Plugin bundles live in ../plugins/*/web, outside the Vite root.
    fs: { allow: [repoRoot] },
    proxy: {
      "/api": backend,
      "/cdn": backend,
      "/socket.io": { target: backend, ws: true },
    },
  },
  test: {
    dir: repoRoot,
    include: ["webui/src/**/*.test.{ts,tsx}", "plugins/*/web/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    restoreMocks: true,
  },
});
