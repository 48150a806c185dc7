/** Puts the welcome screens into the servers bundle's slots; their code loads when first shown. */
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { lazy, Suspense } from "react";
import { registerSettingsSection, registerWelcomeBlock, type SettingsSectionProps } from "../../servers/web/public";
import { t } from "./i18n";

const LazySettings = lazy(() => import("./WelcomeSettings"));
const LazyBlock = lazy(() => import("./WelcomeBlock"));

function WelcomeScreenSection(props: SettingsSectionProps) {
  return (
    <Suspense fallback={<PaneLoading label={t("common.loading")} />}>
      <LazySettings {...props} />
    </Suspense>
  );
}

function WelcomeQuestionsBlock({ serverId }: { serverId: string }) {
  return (
    <Suspense fallback={null}>
      <LazyBlock serverId={serverId} />
    </Suspense>
  );
}

export function registerWelcomeScreens(): void {
  registerSettingsSection("welcome-screen", WelcomeScreenSection);
  registerWelcomeBlock(WelcomeQuestionsBlock);
}
