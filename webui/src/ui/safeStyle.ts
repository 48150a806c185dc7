/**
 * Values from other people (profile, role, server, folder and webhook colours, file paths) that
 * end up in a `style`. A colour is used only when it is a hex colour; anything else could be CSS
 * such as `url(…)`, which would make the viewer's browser fetch an address the author chose.
 */
import type { CSSProperties } from "react";
import { cdnUrl } from "../api/cdn";

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The value when it is a hex colour (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`), else undefined. */
export function safeColour(value: unknown): string | undefined {
  return typeof value === "string" && HEX_COLOUR.test(value) ? value : undefined;
}

/** `linear-gradient(<deg>deg, a, b)` of two colours, or undefined unless both are hex colours. */
export function safeGradient(degrees: number, first: unknown, second: unknown): string | undefined {
  const a = safeColour(first);
  const b = safeColour(second);
  return a && b ? `linear-gradient(${degrees}deg, ${a}, ${b})` : undefined;
}

/** `url("…")` of an address, with every character that could end the string escaped. */
export function cssUrl(address: string): string {
  const escaped = address.replace(/["\\\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `url("${escaped}")`;
}

/** A banner: the picture when there is one, else the owner's colour (the accent colour when that is not a hex colour). */
export function bannerStyle(banner: string | null | undefined, colour: unknown): CSSProperties {
  return banner ? { backgroundImage: cssUrl(cdnUrl(banner)) } : { background: safeColour(colour) ?? "var(--accent)" };
}
