/** The servers' notifications card, loaded with the settings page rather than at start-up. */
import { lazy, Suspense } from "react";

const Card = lazy(() => import("./ServerNotificationsCard").then((module) => ({ default: module.ServerNotificationsCard })));

export function LazyServerNotificationsCard() {
  return (
    <Suspense fallback={null}>
      <Card />
    </Suspense>
  );
}
