import { playNotificationSound } from "@hearth/notifications/soundPlayer";
import { definePlugin } from "@hearth/plugins/pluginTypes";
import enGb from "./en-gb.json";
import { t } from "./i18n";
import { excerptOf, openCreateReminder, openDueReminder } from "./RemindModals";
import { remindersAuthenticated, removeReminder, upsertReminder } from "./remindersStore";
import { startReminderScheduler } from "./scheduler";
import type { Reminder } from "./types";

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
          openDueReminder(reminder);
        },
      });
    },
    "user:reminder_add": upsertReminder,
    "user:reminder_update": upsertReminder,
    "user:reminder_remove": removeReminder,
  },
  extensions: {
    messageMenuItems: (message) => [{ label: t("menu.remindMe"), onSelect: () => openCreateReminder(message.id, excerptOf(message.content)) }],
  },
  i18n: { "en-gb": enGb },
  locales: import.meta.glob("./locales/*.json", { import: "default" }),
});
