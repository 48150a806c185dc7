/**
 * Shown on a server a moderator scheduled for deletion (`scheduledForDeletion`, rest.md §8.1):
 * its channels stop answering and it will be deleted. `server:schedule_delete` and
 * `server:remove_schedule_delete` update the store, so the banner comes and goes live.
 */
import { formatDateTime } from "@hearth/ui/format";
import { useServer } from "../hooks";
import { t } from "../i18n";

export function ScheduledDeletionBanner({ serverId }: { serverId: string }) {
  const scheduled = useServer(serverId)?.scheduledForDeletion;
  if (!scheduled) return null;
  return (
    <div className="server-deletion-banner" role="alert" data-testid="server-deletion-banner">
      <strong>{t("scheduledDeletion.title")}</strong>
      <span>{t("scheduledDeletion.text", { date: formatDateTime(scheduled.scheduledAt) })}</span>
    </div>
  );
}
