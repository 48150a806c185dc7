import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots, type UserCardRequest } from "@hearth/plugins/extensions";
import { profile, settings } from "./en-gb.json";
import { t } from "./i18n";

/** Social: profiles at /app/profile/{userId}/{tab?}, the user card, follows, and the profile settings section. */
export default definePlugin({
  id: "social",
  routes: [
    { path: "profile/*", lazy: () => import("./ProfilePage") },
    { path: "settings/account/profile", lazy: () => import("./profileSettings/ProfileSettingsPage") },
  ],
  // Under accounts' "account" section (order 10): the fields are accounts', the card that shows them is this plugin's.
  settingsSections: [{ id: "profile", path: "account/profile", label: () => t("settings.nav"), icon: "edit", order: 11 }],
  // The card's code (and the profile's markup) loads the first time a card is opened.
  slots: [shellSlots.userCards.fill((request: UserCardRequest) => void import("./UserCard").then((card) => card.openUserCard(request)))],
  i18n: { "en-gb": { profile, settings } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
