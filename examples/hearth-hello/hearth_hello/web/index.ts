/** The hello plugin's web bundle: one lazily loaded screen, a navigation entry, its socket events. */
import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { waveReceived, waveRefused } from "./helloStore";
import { t } from "./i18n";

export default definePlugin({
  id: "hello",
  routes: [{ path: "hello", lazy: () => import("./HelloPage") }],
  navEntries: [{ id: "hello", to: "hello", icon: "smile", label: () => t("nav") }],
  socketHandlers: {
    "hello:waved": () => waveReceived(),
    "hello:wave_error": (error: { message: string }) => waveRefused(error),
  },
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
