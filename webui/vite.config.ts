/// <reference types="vitest/config" />
import { existsSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompressBuild } from "./build/compress.ts";
import { pluginStringsOnLazyLoad } from "./build/pluginStrings.ts";
import { downloadSizeReport } from "./build/downloadSize.ts";
import { startupChunks } from "./build/startupChunks.ts";
import { twemojiArtwork } from "./build/twemoji.ts";
import { localePath, localeStats, sourceFiles } from "./localeFiles.ts";
import { completeness } from "./src/i18n/localeCheck.ts";
import { LANGUAGES } from "./src/settings/languages.ts";

const startup = startupChunks();
const webuiDir = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const backend = "http://127.0.0.1:8000";

/**
 * `virtual:emoji-data`: emojibase's en-gb list cut down at build time to what the emoji picker
 * uses, `[emoji, label, group, tags, shortcodes]` in display order (about a fifth of the original
 * size); shortcodes are GitHub's (`smile`, `+1`, …), space-separated, for `:smile:` in the composer.
 */
type EmojiRow = [unicode: string, label: string, group: number | undefined, tags: string, shortcodes: string];

function emojiRows(): EmojiRow[] {
  const require = createRequire(import.meta.url);
  type Emoji = { unicode: string; hexcode: string; label: string; group?: number; order?: number; tags?: string[] };
  const data = JSON.parse(readFileSync(require.resolve("emojibase-data/en-gb/compact.json"), "utf8")) as Emoji[];
  const shortcodeFile = require.resolve("emojibase-data/en/shortcodes/github.json");
  const shortcodes = JSON.parse(readFileSync(shortcodeFile, "utf8")) as Record<string, string | string[]>;
  return (
    data
      .filter((emoji) => emoji.group !== undefined && emoji.group !== 2)
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      // A presentation selector after a character that is an emoji by default is redundant; without
      // it, reactions match those of clients that send the plain character ("👍", not "👍\uFE0F").
      .map((emoji): EmojiRow => [
        emoji.unicode.replace(/(\p{Emoji_Presentation})\uFE0F/gu, "$1"),
        emoji.label,
        emoji.group,
        (emoji.tags ?? []).join(" "),
        [shortcodes[emoji.hexcode] ?? []].flat().join(" "),
      ])
  );
}

function emojiData(): Plugin {
  const id = "virtual:emoji-data";
  return {
    name: "hearth-emoji-data",
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      return `export default ${JSON.stringify(emojiRows())};`;
    },
  };
}

/**
 * The web bundles of installed third-party plugins, `{id: "/abs/path/web/index.ts"}`, written by
 * `python -m core plugins --web-bundles webui/plugin-bundles.json` (`make` does it before each
 * build; HEARTH_PLUGIN_BUNDLES names another file). First-party bundles are found by
 * `import.meta.glob` in the loader; these come in as `virtual:hearth-plugin-bundles`.
 */
const installedBundles: Record<string, string> = (() => {
  const file = process.env.HEARTH_PLUGIN_BUNDLES ?? fileURLToPath(new URL("./plugin-bundles.json", import.meta.url));
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
})();

function installedPluginBundles(): Plugin {
  const id = "virtual:hearth-plugin-bundles";
  return {
    name: "hearth-plugin-bundles",
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      // Each bundle stays its own lazily loaded chunk, as first-party bundles are.
      const entries = Object.entries(installedBundles).map(
        ([pluginId, entry]) => `${JSON.stringify(pluginId)}: () => import(${JSON.stringify(entry)})`,
      );
      return `export default { ${entries.join(", ")} };`;
    },
  };
}

/**
 * `virtual:hearth-locale-stats`: per namespace, en-gb's key count and each language's, read
 * from the locale files at build time (the settings' language section shows it); the build
 * also prints each language's completeness.
 */
function localeStatsReport(): Plugin {
  const id = "virtual:hearth-locale-stats";
  const compute = () => localeStats(sourceFiles(repoRoot, installedBundles));
  let building = false;
  return {
    name: "hearth-locale-stats",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const sources = sourceFiles(repoRoot, installedBundles);
      for (const source of sources) for (const { code } of LANGUAGES) this.addWatchFile(localePath(source, code));
      return `export default ${JSON.stringify(localeStats(sources))};`;
    },
    buildStart() {
      if (!building) return;
      const stats = compute();
      const rows = LANGUAGES.map(({ code }) => `  ${code.padEnd(8)} ${(completeness(stats, code) * 100).toFixed(1).padStart(5)}%`);
      console.log(`Interface languages (share of en-gb strings translated, ${Object.keys(stats).length} files each):\n${rows.join("\n")}`);
    },
  };
}

// A bundle outside the repository (site-packages) must use the shell's copy of each library
// (one React, one zustand store registry): bare imports resolve from the repository root.
const sharedLibraries = Object.keys(
  (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { dependencies: Record<string, string> })
    .dependencies,
);

export default defineConfig({
  root: webuiDir,
  cacheDir: fileURLToPath(new URL("../node_modules/.vite", import.meta.url)),
  plugins: [
    react(),
    emojiData(),
    twemojiArtwork(repoRoot, () => emojiRows().map(([unicode]) => unicode)),
    installedPluginBundles(),
    pluginStringsOnLazyLoad(Object.fromEntries(Object.entries(installedBundles).map(([id, entry]) => [id, dirname(entry)]))),
    startup.plugin,
    localeStatsReport(),
    downloadSizeReport(),
    precompressBuild(),
  ],
  resolve: {
    alias: { "@hearth": fileURLToPath(new URL("./src", import.meta.url)) },
    dedupe: sharedLibraries,
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: startup.codeSplitting },
      onwarn(warning, warn) {
        // Eruda (the opt-in debug console) uses eval by design; our own code must not.
        if (warning.code === "EVAL" && warning.id?.includes("/node_modules/eruda/")) return;
        warn(warning);
      },
    },
  },
  server: {
    // Plugin bundles live in ../plugins/*/web, outside the Vite root.
    fs: { allow: [repoRoot, ...Object.values(installedBundles).map((entry) => dirname(entry))] },
    proxy: {
      "/api": backend,
      "/cdn": backend,
      "/socket.io": { target: backend, ws: true },
    },
  },
  test: {
    dir: repoRoot,
    setupFiles: [fileURLToPath(new URL("./src/testSetup.ts", import.meta.url))],
    restoreMocks: true,
    // A test's limit guards against a hang, not a measure of speed: vitest's 5 s failed a first render
    // (jsdom and the component's imports) on a machine whose two cores were busy with other work.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each test file runs in a fresh VM context inside a long-lived thread: isolated as before, but the
    // thread's jsdom and Node set-up are made once, not once per file. With a thread per file
    // ("threads"), setting up jsdom took 69 of the DOM files' 107 s of CPU; here the whole run takes
    // about 57 s of CPU instead of 146. One worker more than the machine has cores keeps them busy.
    pool: "vmThreads",
    maxWorkers: availableParallelism() + 1,
    // Components (`*.test.tsx`) render into jsdom; the rest is logic and runs in Node, which starts
    // in a fraction of the time. A `.ts` test that needs a page (a store reading localStorage at
    // import) starts with `// @vitest-environment jsdom`.
    projects: [
      {
        extends: true,
        test: { name: "dom", include: ["webui/src/**/*.test.tsx", "plugins/*/web/**/*.test.tsx"], environment: "jsdom" },
      },
      {
        extends: true,
        test: {
          name: "logic",
          include: ["webui/src/**/*.test.ts", "webui/build/**/*.test.ts", "plugins/*/web/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
