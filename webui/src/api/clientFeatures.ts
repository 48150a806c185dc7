/**
 * Hearth's additions to the protocol this client understands (docs/protocol-extensions.md): the
 * names loaded plugins ask for (`socketFeatures`), sent as `features` when the socket
 * authenticates and as the `X-Hearth-Features` header on every request.
 */
const features = new Set<string>();

export function addClientFeature(name: string): void {
  features.add(name);
}

/** The names, sorted. */
export function clientFeatures(): string[] {
  return [...features].sort();
}
