import { definePlugin } from "@hearth/plugins/pluginTypes";
import { serverSlots } from "../../servers/web/public";
import { common } from "./en-gb.json";
import { WelcomeQuestionsBlock, WelcomeScreenSection } from "./screens";

/**
 * Welcome screen: the server settings section `welcome-screen` (questions whose answers give
 * roles, ADMIN) and the questions on /app/servers/{serverId}/welcome, both drawn by the servers
 * bundle through its slots.
 */
export default definePlugin({
  id: "welcome",
  slots: [
    serverSlots.settingsSections.fill({ id: "welcome-screen", Component: WelcomeScreenSection }),
    serverSlots.welcomeBlocks.fill(WelcomeQuestionsBlock),
  ],
  i18n: { "en-gb": { common } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
