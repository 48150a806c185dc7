/** The settings sections this bundle gives the servers bundle, loaded the first time one opens. */
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { lazy, Suspense } from "react";
import type { SettingsSectionProps } from "../../servers/web/public";

const LazyPublish = lazy(() => import("./PublishServerSection"));
const LazyVerify = lazy(() => import("./VerifySection"));

export function PublishServerSettings(props: SettingsSectionProps) {
  return (
    <Suspense fallback={<PaneLoading />}>
      <LazyPublish {...props} />
    </Suspense>
  );
}

export function VerifySettings(props: SettingsSectionProps) {
  return (
    <Suspense fallback={<PaneLoading />}>
      <LazyVerify {...props} />
    </Suspense>
  );
}
