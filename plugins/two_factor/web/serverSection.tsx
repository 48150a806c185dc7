/** The server settings section this bundle gives the servers bundle, loaded when first opened. */
import { lazy, Suspense } from "react";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import type { SettingsSectionProps } from "../../servers/web/public";

const LazySection = lazy(() => import("./ServerRequirementSection"));

export function ServerRequirementSettings(props: SettingsSectionProps) {
  return (
    <Suspense fallback={<PaneLoading />}>
      <LazySection {...props} />
    </Suspense>
  );
}
