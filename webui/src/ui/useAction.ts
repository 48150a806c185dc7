/**
 * A button's request: `act` runs it with `busy` set and its failure, described, in `error`
 * (cleared when the next one starts). `setError` lets the screen show failures of its own loads.
 */
import { describeError } from "../api/requestErrors";
import { useCallback, useState } from "react";

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, setError, act };
}
