import { definePlugin } from "@hearth/plugins/pluginTypes";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { serverSlots, type ChannelEditorTabProps, type ServerChannel } from "../../servers/web/public";
import { threadSlots, type ThreadIntroProps } from "../../threads/web/public";
import { create, settings } from "./en-gb.json";
import { forumSocketHandlers } from "./forumsStore";
import { t } from "./i18n";
import { FORUM_TYPE } from "./types";
import { ForumGlyph } from "./ForumGlyph";

const ForumView = lazyComponent<{ serverId: string; channel: ServerChannel }>(async () => (await import("./ForumView")).ForumView, PaneLoading);
const ForumSettingsTab = lazyComponent<ChannelEditorTabProps>(async () => (await import("./ForumSettingsTab")).ForumSettingsTab, PaneLoading);
const PostDetails = lazyComponent<ThreadIntroProps>(async () => (await import("./PostDetails")).PostDetails);


/**
 * Forum channels (Hearth's addition, docs/protocol-extensions.md): a channel kind of the servers
 * bundle whose view lists posts (threads with a title and tags); the threads bundle asks for the
 * `threads` feature that covers them and shows an opened post in its panel.
 */
export default definePlugin({
  id: "forums",
  socketHandlers: forumSocketHandlers,
  slots: [
    serverSlots.channelKinds.fill({
      type: FORUM_TYPE,
      view: ForumView,
      glyph: ForumGlyph,
      createLabel: () => t("create.menu"),
      create: (serverId, onCreated) => void import("./CreateForumModal").then(({ openCreateForumModal }) => openCreateForumModal(serverId, onCreated)),
    }),
    serverSlots.channelEditorTabs.fill({ id: "forum", label: () => t("settings.tab"), component: ForumSettingsTab, types: [FORUM_TYPE] }),
    threadSlots.introExtras.fill(PostDetails),
  ],
  i18n: { "en-gb": { create, settings } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
