/**
 * Twemoji's SVG artwork (CC-BY 4.0, credited in the README and the settings' About section),
 * served by Hearth itself: the build copies every file of the package into
 * `assets/twemoji-<version>/` (a new version is a new folder, so the files can be cached for
 * good; `compress.ts` precompresses them with the rest), the dev server serves the same path from node_modules, and `virtual:twemoji` tells the
 * UI that folder and the few emoji whose file name is not the usual one.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { twemojiFileName } from "../src/ui/emoji/twemojiName.ts";

export const TWEMOJI_PACKAGE = "@discordapp/twemoji";
const SVG_FOLDER = ["dist", "svg"];

interface Artwork {
  folder: string;
  version: string;
  files: Set<string>;
}

function readArtwork(repoRoot: string): Artwork {
  const root = join(repoRoot, "node_modules", ...TWEMOJI_PACKAGE.split("/"));
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const folder = join(root, ...SVG_FOLDER);
  const files = new Set(readdirSync(folder).filter((name) => /^[0-9a-f-]+\.svg$/.test(name)));
  if (files.size < 1000) throw new Error(`${TWEMOJI_PACKAGE} holds only ${files.size} emoji SVGs: is it installed?`);
  return { folder, version, files };
}

/**
 * Emoji of the picker's list whose file drops every U+FE0F where the usual rule keeps them
 * (or the other way round): `{usual name: file name}`, found by trying both.
 */
function renamedFiles(emojis: string[], files: Set<string>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const emoji of emojis) {
    const usual = twemojiFileName(emoji);
    if (files.has(`${usual}.svg`)) continue;
    const bare = twemojiFileName(emoji.replace(/\uFE0F/g, ""));
    const full = [...emoji].map((char) => char.codePointAt(0)!.toString(16)).join("-");
    const found = [bare, full].find((name) => files.has(`${name}.svg`));
    if (found) renamed[usual] = found;
  }
  return renamed;
}

/** `emojis()` gives every emoji of the picker's list (to find the files named otherwise). */
export function twemojiArtwork(repoRoot: string, emojis: () => string[]): Plugin {
  const id = "virtual:twemoji";
  let artwork: Artwork | null = null;
  const load = () => (artwork ??= readArtwork(repoRoot));
  const base = () => `/assets/twemoji-${load().version}/`;
  return {
    name: "hearth-twemoji",
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const renamed = renamedFiles(emojis(), load().files);
      return `export const base = ${JSON.stringify(base())};\nexport const renamed = ${JSON.stringify(renamed)};`;
    },
    // Copied beside the bundle rather than emitted into it: Vite would list ~3,700 files in its report.
    writeBundle(options) {
      const { folder, files } = load();
      const target = join(options.dir ?? "dist", base());
      mkdirSync(target, { recursive: true });
      for (const name of files) copyFileSync(join(folder, name), join(target, name));
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url ?? "";
        if (!url.startsWith(base())) return next();
        const name = url.slice(base().length).split("?")[0]!;
        const file = join(load().folder, name);
        if (!load().files.has(name) || !existsSync(file)) return next();
        response.setHeader("Content-Type", "image/svg+xml");
        response.end(readFileSync(file));
      });
    },
  };
}
