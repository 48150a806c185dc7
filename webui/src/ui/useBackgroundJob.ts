/**
 * A job a screen starts on the server and follows (an export, an import): its latest state,
 * asked again every `pollMs` while it is queued or running; the error to show; and `act`, which
 * runs a button's request with `busy` set and its failure shown.
 */
import { describeError } from "../api/requestErrors";
import { useEffect, useState } from "react";
import { useAction } from "./useAction";

export interface BackgroundJob {
  id: string;
  status: string;
}

export function useBackgroundJob<Job extends BackgroundJob>(fetchJob: (id: string) => Promise<Job>, pollMs = 1000) {
  const [job, setJob] = useState<Job | null>(null);
  const { busy, error, setError, act } = useAction();

  const working = job?.status === "queued" || job?.status === "running";
  const jobId = job?.id;
  useEffect(() => {
    if (!working || !jobId) return;
    const timer = window.setInterval(() => {
      fetchJob(jobId).then(setJob, (failure: unknown) => setError(describeError(failure)));
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [working, jobId, fetchJob, pollMs, setError]);

  return { job, setJob, busy, error, setError, working, act };
}
