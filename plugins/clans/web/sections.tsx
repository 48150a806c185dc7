/** The settings section this bundle gives the servers bundle, loaded the first time it opens. */
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { lazy, Suspense } from "react";
import type { SettingsSectionProps } from "../../servers/web/public";

const LazySection = lazy(() => import("./ClanSection"));

export function ClanSettings(props: SettingsSectionProps) {
  return (
    <Suspense fallback={<PaneLoading />}>
      <LazySection {...props} />
    </Suspense>
  );
}
