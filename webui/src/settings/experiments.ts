/** Experimental switches (settings → experiments); the enabled ids live in `enabledExperiments`. */
export interface Experiment {
  /** Also the word in the root's `data-experiments`, which theme.css reads. */
  id: string;
}

export const EXPERIMENTS: readonly Experiment[] = [{ id: "REDUCED_MOTION" }, { id: "SQUARE_AVATARS" }];
