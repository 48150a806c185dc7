/**
 * Hearth's additions to the protocol the loaded plugins understand (`socketFeatures` of their
 * bundles, docs/protocol-extensions.md): sent as `features` when a socket authenticates and as
 * the `X-Hearth-Features` header of every API request, so the server shows this client what a
 * protocol client must never meet (group DMs, say).
 */
const features = new Set<string>();

export function requestFeature(name: string): void {
  features.add(name);
}

/** The names asked for, sorted. */
export function requestedFeatures(): string[] {
  return [...features].sort();
}

export const FEATURES_HEADER = "X-Hearth-Features";
