/**
 * Whether the web app runs inside a desktop shell (an Electron-style wrapper exposing a window
 * API on `window`); window settings only make sense there.
 */
export function isDesktopShell(): boolean {
  return typeof window !== "undefined" && ("hearthDesktop" in window || "electronWindowAPI" in window);
}
