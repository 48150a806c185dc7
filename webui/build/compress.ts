/**
 * Precompresses the build: beside each text file of the output (scripts, styles, HTML, SVG,
 * JSON) a `.br` (brotli) and a `.gz` (gzip, level 9), written once here so the
 * server only picks one by the request's Accept-Encoding (core/staticfiles.py) and never
 * compresses while serving. A file that would not shrink by at least a tenth gets neither (the
 * server sends it as it is). Runs after everything else is written, the copied emoji included.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
// Below this the headers outweigh what compression saves.
const MIN_BYTES = 512;
const WORTH_IT = 0.9;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
}

async function precompress(file: string): Promise<number> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return 0;
  const size = source.length;
  // Best quality for scripts and styles (8 % smaller than quality 5); the ~3,800 emoji SVGs gain
  // 6 % from it at 40 times the time (27 s), so they get quality 5.
  const quality = /\.(js|mjs|css|html)$/.test(file) ? 11 : 5;
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size } }),
    gzipped(source, { level: 9 }),
  ]);
  let written = 0;
  for (const [suffix, body] of [
    [".br", br],
    [".gz", gz],
  ] as const) {
    if (body.length <= size * WORTH_IT) {
      await writeFile(file + suffix, body);
      written += 1;
    }
  }
  return written;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<number>): Promise<number> {
  let next = 0;
  let total = 0;
  const worker = async () => {
    while (next < items.length) total += await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: width }, worker));
  return total;
}

export function precompressBuild(): Plugin {
  let outDir = "dist";
  return {
    name: "hearth-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = Date.now();
      const files = await filesUnder(outDir);
      // zlib runs on libuv's thread pool: a few at a time keeps both cores busy.
      const written = await inParallel(files, 4, precompress);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const bytes = (await Promise.all(files.map((file) => stat(file)))).reduce((sum, info) => sum + info.size, 0);
      console.log(`Precompressed ${files.length} files (${(bytes / 1048576).toFixed(1)} MB): ${written} .br/.gz written in ${seconds} s`);
    },
  };
}
