/**
 * What a screen that only asks and shows needs from one request: the answer, whether it is
 * loading, the error text, a reload (a retry button, after a change) and a way to edit the answer
 * in place (a row removed or added). An answer that comes after the inputs changed, after a newer
 * reload or after the screen closed is dropped. State fed by socket events stays in zustand stores.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList, type Dispatch, type SetStateAction } from "react";
import { describeError } from "../api/requestErrors";

export interface Requested<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  reload: () => void;
  setData: Dispatch<SetStateAction<T | undefined>>;
}

export function useRequest<T>(request: () => Promise<T>, deps: DependencyList, describe: (failure: unknown) => string = describeError): Requested<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const describeRef = useRef(describe);
  describeRef.current = describe;

  // The caller names what the request depends on, as with useEffect.
  const run = useCallback(request, deps);
  const reload = useCallback(() => {
    const ticket = ++latest.current;
    setLoading(true);
    setError(null);
    run().then(
      (answer) => {
        if (ticket !== latest.current) return;
        setData(answer);
        setLoading(false);
      },
      (failure: unknown) => {
        if (ticket !== latest.current) return;
        setError(describeRef.current(failure));
        setLoading(false);
      },
    );
  }, [run]);

  useEffect(() => {
    setData(undefined); // new inputs: the old answer is not theirs (a reload keeps it while asking)
    reload();
    return () => {
      latest.current += 1; // closed, or the inputs changed: the answer in flight is stale
    };
  }, [reload]);

  return { data, loading, error, reload, setData };
}
