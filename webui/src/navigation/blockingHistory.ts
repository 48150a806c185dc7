/**
 * The app's history, which a screen may hold back from leaving (a form with unsaved changes):
 * in-app links and `navigate()` wait for its answer, and the browser's back and forward buttons
 * are undone until it says yes. React Router offers this (`useBlocker`) only with its data
 * router, whose code costs 15 KB over the wire that every page would download for it; the app
 * uses the plain router over this history instead (`unstable_HistoryRouter`).
 */
import type { HistoryRouterProps } from "react-router";

export type History = HistoryRouterProps["history"];
type Listener = Parameters<History["listen"]>[0];
type Update = Parameters<Listener>[0];

/** Whether leaving `from` for `to` (pathnames) must ask first; then `ask` resolves true to leave. */
export interface NavigationBlocker {
  blocks: (from: string, to: string) => boolean;
  ask: () => Promise<boolean>;
}

const blockers = new Set<NavigationBlocker>();

/** Holds back navigations that `blocker.blocks`; returns the function that lets them go again. */
export function blockNavigation(blocker: NavigationBlocker): () => void {
  blockers.add(blocker);
  return () => void blockers.delete(blocker);
}

function blockerFor(from: string, to: string): NavigationBlocker | undefined {
  return [...blockers].find((blocker) => blocker.blocks(from, to));
}

/** `history` whose navigations the registered blockers may hold back. */
export function blockingHistory(history: History): History {
  /** A blocker's question is open: further navigations wait for it (they are dropped). */
  let asking = false;
  /** The pops this history made itself: undoing a blocked one, or redoing it once allowed. */
  let ownPops = 0;
  let allowNextPop = false;

  const pathOf = (to: Parameters<History["push"]>[0]) => history.createURL(to).pathname;

  function attempt(to: string, go: () => void): void {
    if (asking) return;
    const blocker = blockerFor(history.location.pathname, to);
    if (!blocker) return go();
    asking = true;
    void blocker.ask().then(
      (leave) => {
        asking = false;
        if (leave) go();
      },
      () => {
        asking = false;
      },
    );
  }

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => attempt(pathOf(to), () => history.push(to, state)),
    replace: (to, state) => attempt(pathOf(to), () => history.replace(to, state)),
    listen(listener) {
      // The pathname the app shows: a pop has already changed the address when it is heard.
      let shown = history.location.pathname;
      return history.listen((update: Update) => {
        if (update.action === "POP" && ownPops > 0 && !allowNextPop) {
          ownPops -= 1; // the undo of a blocked pop: the app still shows where it was
          return;
        }
        const blocker = update.action === "POP" && !allowNextPop ? blockerFor(shown, update.location.pathname) : undefined;
        allowNextPop = false;
        if (blocker && update.delta) {
          const delta = update.delta;
          ownPops += 1;
          history.go(-delta);
          if (asking) return;
          asking = true;
          void blocker.ask().then(
            (leave) => {
              asking = false;
              if (!leave) return;
              allowNextPop = true;
              history.go(delta);
            },
            () => {
              asking = false;
            },
          );
          return;
        }
        shown = update.location.pathname;
        listener(update);
      });
    },
  };
}
