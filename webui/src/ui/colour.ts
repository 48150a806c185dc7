/**
 * Hex colours as numbers: what custom colours and profile colours derive their other shades
 * from. Every string this module returns is built from parsed numbers, never from its input.
 */
import { safeColour } from "./safeStyle";

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0–1 */
  a: number;
}

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` as numbers; null for anything else. */
export function parseHexColour(value: unknown): Rgba | null {
  const hex = safeColour(value)?.slice(1);
  if (!hex) return null;
  const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join("") : hex;
  const channel = (index: number) => parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
}

const byte = (value: number) => Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, "0");

/** `#rrggbb` (the form `<input type="color">` takes), dropping any transparency. */
export function toHex({ r, g, b }: Pick<Rgba, "r" | "g" | "b">): string {
  return `#${byte(r)}${byte(g)}${byte(b)}`;
}

/** The colour as `#rrggbb`, or `fallback` when it is not a hex colour. */
export function normaliseHex(value: string, fallback: string): string {
  const parsed = parseHexColour(value);
  return parsed ? toHex(parsed) : fallback;
}

/** `weight` (0–1) of the way from `from` to `to`. */
export function mixColours(from: Rgba, to: Rgba, weight: number): Rgba {
  const mix = (a: number, b: number) => a + (b - a) * weight;
  return { r: mix(from.r, to.r), g: mix(from.g, to.g), b: mix(from.b, to.b), a: mix(from.a, to.a) };
}

/** `rgba(r, g, b, alpha)`. */
export function rgbaString({ r, g, b }: Rgba, alpha: number): string {
  return `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${Math.min(1, Math.max(0, alpha))})`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
export const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** Black or white, whichever reads better on the colour. */
export function contrastingText(colour: Rgba): string {
  const light = luminance(colour);
  return (light + 0.05) / 0.05 > 1.05 / (light + 0.05) ? "#000000" : "#ffffff";
}

/**
 * Someone's colour (a user's, a server's) as the background of their initials, made opaque, with
 * black or white text on it, whichever reads better; empty when the value is not a hex colour (the
 * stylesheet's theme colours apply).
 */
export function initialsColours(value: unknown): { background?: string; color?: string } {
  const colour = parseHexColour(value);
  return colour ? { background: toHex(colour), color: contrastingText(colour) } : {};
}
