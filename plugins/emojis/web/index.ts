import { definePlugin } from "@hearth/plugins/pluginTypes";
import { shellSlots } from "@hearth/plugins/extensions";
import { serverSlots, useServersStore } from "../../servers/web/public";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { groupsFromServers } from "./emojiNames";

// The server settings' "emojis" section (ADMIN, spec §6).
const EmojisSection = lazyComponent(async () => (await import("./EmojisSection")).EmojisSection, PaneLoading);

/**
 * Custom server emojis: the settings section to upload, rename and delete them, and the
 * picker's per-server sections (`customEmojiGroups`). The servers bundle keeps each server's
 * `customEmojis` live from `server:emoji_add|update|remove`.
 */
export default definePlugin({
  id: "emojis",
  slots: [
    serverSlots.settingsSections.fill({ id: "emojis", Component: EmojisSection }),
    shellSlots.customEmojiGroups.fill(() => {
      const { servers, orderedServerIds } = useServersStore.getState();
      return groupsFromServers(servers, orderedServerIds);
    }),
  ],
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
