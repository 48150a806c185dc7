/**
 * Vitest set-up for every test file: what jsdom lacks and the shell reads at import time.
 * `matchMedia` answers "desktop width" (the layout store reads it when it loads). In Node (the
 * logic tests), `localStorage` and `sessionStorage` are in-memory stores, as stores read them at import.
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

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

if (typeof window === "undefined") {
  for (const name of ["localStorage", "sessionStorage"] as const) {
    if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: new MemoryStorage(), configurable: true });
  }
}

// A wait's limit guards against a hang; it is not a measure of speed. Testing Library gives up after
// one second, which a machine with both cores busy can take to render a screen.
if (typeof window !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: 10_000 });
}
export {};
