import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { registerWelcomeScreens } from "./register";

/**
 * Welcome screen: the server settings section `welcome-screen` (questions whose answers give
 * roles, ADMIN) and the questions on /app/servers/{serverId}/welcome. Both are registered with
 * the servers bundle when this bundle loads, before any server page renders.
 */
registerWelcomeScreens();

export default definePlugin({
  id: "welcome",
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
