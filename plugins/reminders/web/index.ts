import { playNotificationSound } from "@hearth/notifications/soundPlayer";
import { definePlugin } from "@hearth/plugins/pluginTypes";
import { messageSlots } from "../../messages/web/public";
import { menu } from "./en-gb.json";
import { t } from "./i18n";
import { remindersAuthenticated, removeReminder, upsertReminder } from "./remindersStore";
import { startReminderScheduler } from "./scheduler";
import type { Reminder } from "./types";

/** The reminder dialogs, loaded the first time one opens. */
const modals = () => import("./RemindModals");

/**
 * Reminders: "Remind me" on a message, and the reminder modal with the chosen reminder sound
 * (settings → notifications) when one is due (spec §4, §9). The server stores them and pushes
 * `user:reminder_*` to every device.
 */
export default definePlugin({
  id: "reminders",
  socketHandlers: {
    "user:authenticated": (payload: { user?: { reminders?: Reminder[] } }) => {
      remindersAuthenticated(payload);
      startReminderScheduler({
        onDue: (reminder) => {
          playNotificationSound("reminder");
          void modals().then((loaded) => loaded.openDueReminder(reminder));
        },
      });
    },
    "user:reminder_add": upsertReminder,
    "user:reminder_update": upsertReminder,
    "user:reminder_remove": removeReminder,
  },
  slots: [
    messageSlots.menuItems.fill((message) => [
      {
        label: t("menu.remindMe"),
        onSelect: () => void modals().then((loaded) => loaded.openCreateReminder(message.id, loaded.excerptOf(message.content))),
      },
    ]),
  ],
  i18n: { "en-gb": { menu } },
  // the rest comes with the first lazily loaded module (@hearth/i18n/deferredStrings)
  deferredStrings: () => import("./en-gb.json?deferred"),
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
