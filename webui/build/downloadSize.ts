/**
 * Prints what a browser downloads to open a page of the build, in brotli bytes over the wire:
 * the entry with its static imports and their CSS, and for `/app` also the chunks holding the app
 * shell and every plugin's web bundle (the server lists them all at start-up when every plugin is
 * enabled; `startupChunks.ts` groups them, so they are found by the modules they hold). The
 * real figure, signed in and out, comes from `bench/app_download.py`.
 */
import { brotliCompressSync, constants } from "node:zlib";
import type { Plugin, Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export const DOWNLOAD_TARGET_BYTES = 200 * 1024;
const APP_ROOTS = /\/src\/app\/AppShell\.tsx$|\/plugins\/[^/]+\/web\/index\.ts$/;

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss?: Set<string> } };

/** Files (JS and CSS) loaded with the given chunks: their static imports, transitively, and CSS. */
export function closure(bundle: OutputBundle, starts: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    const item = bundle[fileName];
    if (!item || item.type !== "chunk") return;
    files.add(fileName);
    for (const css of (item as ChunkWithCss).viteMetadata?.importedCss ?? []) files.add(css);
    item.imports.forEach(visit);
  };
  starts.forEach(visit);
  return files;
}

function brotliSize(source: string | Uint8Array): number {
  return brotliCompressSync(typeof source === "string" ? Buffer.from(source) : source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function downloadSizeReport(): Plugin {
  return {
    name: "hearth-download-size",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
        const startsOf = (test: (chunk: OutputChunk) => boolean) => chunks.filter(test).map((chunk) => chunk.fileName);
        const entry = startsOf((chunk) => chunk.isEntry);
        const app = startsOf((chunk) => chunk.moduleIds.some((id) => APP_ROOTS.test(id)));
        const sizes = new Map<string, number>();
        const total = (files: Set<string>) =>
          [...files].reduce((sum, file) => {
            const item = bundle[file]!;
            if (!sizes.has(file)) sizes.set(file, brotliSize(item.type === "chunk" ? item.code : item.source));
            return sum + sizes.get(file)!;
          }, 0);
        const publicFiles = closure(bundle, entry);
        const appFiles = closure(bundle, [...entry, ...app]);
        const appBytes = total(appFiles);
        const verdict = appBytes <= DOWNLOAD_TARGET_BYTES ? "within" : "OVER";
        console.log(
          `Download over the wire (brotli, JS + CSS): public pages ${kb(total(publicFiles))} in ${publicFiles.size} files; ` +
            `/app ${kb(appBytes)} in ${appFiles.size} files, ${verdict} the ${kb(DOWNLOAD_TARGET_BYTES)} target`,
        );
      },
    },
  };
}
