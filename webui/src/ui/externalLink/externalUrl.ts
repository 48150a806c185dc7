/** A link without an http or https scheme gets https:// in front before it opens (spec §2). */
export function normaliseExternalUrl(link: string): string {
  const trimmed = link.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Opens the link in a new tab that cannot reach back into this one. */
export function openExternalUrl(link: string): void {
  window.open(normaliseExternalUrl(link), "_blank", "noopener,noreferrer");
}
