/**
 * A component whose code loads the first time it is drawn, with a Suspense of its own (the page
 * around it stays while it loads; `Fallback` is drawn in its place, nothing by default). For what
 * a bundle provides at start-up but is seldom drawn: a settings section, a dialog, a call bar.
 */
import { lazy, Suspense, type ComponentType } from "react";

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, Fallback?: ComponentType): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={Fallback ? <Fallback /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
