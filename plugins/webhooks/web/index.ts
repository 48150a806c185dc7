import { definePlugin } from "@hearth/plugins/pluginTypes";
import { serverSlots } from "../../servers/web/public";
import { tab } from "./en-gb.json";
import { t } from "./i18n";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";

// The channel editor's "Webhooks" tab (ADMIN, spec §6), with one webhook at webhooks/{webhookId}.
const WebhooksTab = lazyComponent(async () => (await import("./WebhooksTab")).WebhooksTab, PaneLoading);

/**
 * Webhooks: manage a text channel's incoming webhooks (create, rename, copy the URL, delete).
 * Their messages are drawn by the messages bundle from the message data (`webhookId`,
 * `createdBy.avatarUrl`), so the tab is all it adds.
 */
export default definePlugin({
  id: "webhooks",
  slots: [serverSlots.channelEditorTabs.fill({ id: "webhooks", label: () => t("tab"), component: WebhooksTab })],
  i18n: { "en-gb": { tab } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
