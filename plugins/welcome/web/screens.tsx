/** The welcome screens the servers bundle draws through its slots; their code loads when first shown. */
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { lazy, Suspense } from "react";
import type { SettingsSectionProps } from "../../servers/web/public";
import { t } from "./i18n";

const LazySettings = lazy(() => import("./WelcomeSettings"));
const LazyBlock = lazy(() => import("./WelcomeBlock"));

export function WelcomeScreenSection(props: SettingsSectionProps) {
  return (
    <Suspense fallback={<PaneLoading label={t("common.loading")} />}>
      <LazySettings {...props} />
    </Suspense>
  );
}

export function WelcomeQuestionsBlock({ serverId }: { serverId: string }) {
  return (
    <Suspense fallback={null}>
      <LazyBlock serverId={serverId} />
    </Suspense>
  );
}
