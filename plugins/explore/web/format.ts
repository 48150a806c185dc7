/** Small pure helpers of the explore screens (tested in format.test.ts). */

/** Hours and whole minutes (rounded up) of a wait in milliseconds. */
export function splitWait(ms: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** A bump reply carries the server without `createdBy`: keep what the listing had. */
export function mergeListing<T extends { server?: object | null }>(current: T, update: T): T {
  return { ...current, ...update, server: current.server && update.server ? { ...current.server, ...update.server } : (update.server ?? current.server) };
}
