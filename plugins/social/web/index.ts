import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { openUserCard } from "./UserCard";

/** Social: profiles at /app/profile/{userId}/{tab?}, the user card, follows. */
export default definePlugin({
  id: "social",
  routes: [{ path: "profile/*", lazy: () => import("./ProfilePage") }],
  extensions: { openUserCard },
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
