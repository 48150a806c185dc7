/**
 * Runs one of a screen's named actions at a time ("save", "delete", …): which one is running
 * (for its button's busy state, the others disabled), the last failure as text, and a note the
 * action may leave on success. Starting an action clears both.
 */
import { useState } from "react";

export function useNamedAction<Kind extends string>(describe: (error: unknown) => string) {
  const [action, setAction] = useState<Kind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function run(kind: Kind, work: () => Promise<unknown>): Promise<void> {
    setAction(kind);
    setError(null);
    setNote(null);
    try {
      await work();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setAction(null);
    }
  }

  return { action, error, note, setNote, run };
}
