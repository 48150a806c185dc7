/**
 * Keeps the last few views a place switched between (a channel's pane) mounted, out of the
 * document, so that going back to one puts its nodes back instead of building it again: no render
 * of its rows, no new elements, its scroll position and state as they were.
 *
 * A kept view that is not shown sits in a hidden `<Activity>`: its effects are cleaned up as on
 * an unmount (store subscriptions, listeners, timers, observers) and set up again when it is
 * shown, when it also catches up with the stores. Its nodes are in a container of its own that is
 * in the document only while it is shown, so nothing finds a hidden one: queries, tests, assistive
 * technology, find in page.
 */
import { Activity, useLayoutEffect, useRef, useState, type ReactElement, type RefObject } from "react";
import { createPortal } from "react-dom";
import "./keptViews.css";

interface KeptViewsProps {
  /** Names the view shown (`children`); a view is kept under its name. */
  viewKey: string;
  /** How many views are kept, the one shown included. */
  limit: number;
  children: ReactElement;
}

export function KeptViews({ viewKey, limit, children }: KeptViewsProps) {
  const host = useRef<HTMLDivElement>(null);
  // What each kept view last rendered, the last shown last. Only changed after a commit, so a
  // render that React throws away keeps nothing.
  const kept = useRef(new Map<string, ReactElement>());
  useLayoutEffect(() => {
    kept.current.delete(viewKey);
    kept.current.set(viewKey, children);
    while (kept.current.size > limit) kept.current.delete(kept.current.keys().next().value!);
  });

  const others = [...kept.current.keys()].filter((key) => key !== viewKey);
  const hidden = new Set(others.slice(Math.max(0, others.length - (limit - 1))));
  const keys = [...kept.current.keys()].filter((key) => key === viewKey || hidden.has(key));
  if (!kept.current.has(viewKey)) keys.push(viewKey);
  return (
    <>
      <div ref={host} className="kept-views" />
      {keys.map((key) => (
        <KeptView key={key} host={host} shown={key === viewKey}>
          {key === viewKey ? children : kept.current.get(key)!}
        </KeptView>
      ))}
    </>
  );
}

function KeptView({ host, shown, children }: { host: RefObject<HTMLDivElement | null>; shown: boolean; children: ReactElement }) {
  const [container] = useState(() => {
    const element = document.createElement("div");
    element.className = "kept-views__view";
    return element;
  });
  return (
    <>
      {/* Before the view: its layout effect puts the container in the document before the
          view's own layout effects (which measure it) run. */}
      <Attach host={host} container={container} shown={shown} />
      <Activity mode={shown ? "visible" : "hidden"}>{createPortal(children, container)}</Activity>
    </>
  );
}

function Attach({ host, container, shown }: { host: RefObject<HTMLDivElement | null>; container: HTMLElement; shown: boolean }) {
  useLayoutEffect(() => {
    if (!shown) return;
    host.current?.append(container);
    return () => container.remove();
  }, [host, container, shown]);
  return null;
}
