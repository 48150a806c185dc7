/**
 * The profile font (entities.md §10.14: an integer 0–10, the list is the client's). Hearth's list
 * uses fonts the reader's system already has (no font files fetched from other sites), so each is
 * a style with fallbacks rather than one exact typeface.
 */
export const PROFILE_FONTS = [
  { id: 0, key: "default", family: "inherit" },
  { id: 1, key: "serif", family: 'Georgia, "Times New Roman", "Noto Serif", serif' },
  { id: 2, key: "monospace", family: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace' },
  { id: 3, key: "rounded", family: 'ui-rounded, "SF Pro Rounded", "Nunito", "Varela Round", "Arial Rounded MT Bold", sans-serif' },
  { id: 4, key: "handwriting", family: '"Comic Sans MS", "Comic Neue", "Chalkboard SE", "Comic Relief", cursive' },
  { id: 5, key: "slab", family: 'Rockwell, "Roboto Slab", "Zilla Slab", "DejaVu Serif", serif' },
  { id: 6, key: "condensed", family: '"Arial Narrow", "Roboto Condensed", "Liberation Sans Narrow", "Helvetica Neue", sans-serif' },
  { id: 7, key: "script", family: '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive' },
  { id: 8, key: "typewriter", family: '"Courier New", Courier, "Nimbus Mono PS", monospace' },
  { id: 9, key: "humanist", family: 'Optima, Candara, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif' },
  { id: 10, key: "display", family: 'Impact, Haettenschweiler, "Arial Black", "DejaVu Sans", fantasy' },
] as const;

export const MIN_PROFILE_FONT = 0;
export const MAX_PROFILE_FONT = PROFILE_FONTS.length - 1;

/** The CSS font family of a profile font; the default for anything out of range. */
export function profileFontFamily(font: unknown): string {
  return (typeof font === "number" && PROFILE_FONTS[font]?.family) || PROFILE_FONTS[0].family;
}
