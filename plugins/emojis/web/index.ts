import { definePlugin } from "@hearth/plugins/pluginTypes";
import { registerSettingsSection, useServersStore } from "../../servers/web/public";
import enGb from "./en-gb.json";
import { EmojisSection } from "./EmojisSection";
import { groupsFromServers } from "./emojiNames";

// The server settings' "emojis" section (ADMIN, spec §6).
registerSettingsSection("emojis", EmojisSection);

/**
 * Custom server emojis: the settings section to upload, rename and delete them, and the
 * picker's per-server sections (`customEmojiGroups`). The servers bundle keeps each server's
 * `customEmojis` live from `server:emoji_add|update|remove`.
 */
export default definePlugin({
  id: "emojis",
  extensions: {
    customEmojiGroups: () => {
      const { servers, orderedServerIds } = useServersStore.getState();
      return groupsFromServers(servers, orderedServerIds);
    },
  },
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
