/**
 * Vitest set-up for every test file: what jsdom lacks and the shell reads at import time.
 * `matchMedia` answers "desktop width" (the layout store reads it when it loads).
 */
if (typeof window !== "undefined" && typeof window.matchMedia !== "function") {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
