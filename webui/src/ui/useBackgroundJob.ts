/**
 * A job a screen starts on the server and follows (an export, an import): its latest state,
 * asked again every `pollMs` while it is queued or running; the error to show; and `act`, which
 * runs a button's request with `busy` set and its failure shown.
 */
import { describeError } from "../api/requestErrors";
import { useCallback, useEffect, useState } from "react";

export interface BackgroundJob {
  id: string;
  status: string;
}

export function useBackgroundJob<Job extends BackgroundJob>(fetchJob: (id: string) => Promise<Job>, pollMs = 1000) {
  const [job, setJob] = useState<Job | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const working = job?.status === "queued" || job?.status === "running";
  const jobId = job?.id;
  useEffect(() => {
    if (!working || !jobId) return;
    const timer = window.setInterval(() => {
      fetchJob(jobId).then(setJob, (failure: unknown) => setError(describeError(failure)));
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [working, jobId, fetchJob, pollMs]);

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

  return { job, setJob, busy, error, setError, working, act };
}
