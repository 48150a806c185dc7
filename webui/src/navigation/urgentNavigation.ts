/**
 * The router draws a navigation as a transition: React renders the next page in slices and keeps
 * the old one on screen until it is ready, so a page whose code is still loading never blanks the
 * app. A place that is cheap to draw and opened all the time (a channel of the side bar, whose pane
 * is kept) asks for the navigation its click starts to be drawn at once instead, in the click's own
 * task: a frame sooner, and no frame of the old page in between.
 */
let urgent = false;

/** Called from a click (or key) handler, before the navigation it starts: that one is drawn at once. */
export function drawNavigationAtOnce(): void {
  urgent = true;
  queueMicrotask(() => {
    urgent = false;
  });
}

/** Whether the navigation under way was asked to be drawn at once (read by the router). */
export function isUrgentNavigation(): boolean {
  return urgent;
}
