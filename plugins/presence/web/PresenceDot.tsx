import type { PresenceStatus } from "./public";
import { t } from "./i18n";
import { usePresenceStore } from "./presenceStore";
import "./presence.css";

export const STATUS_CLASS: Record<PresenceStatus, string> = { 0: "offline", 1: "online", 2: "ltp", 3: "afk", 4: "dnd" };

export function statusName(status: PresenceStatus): string {
  return t(`status.${status}` as "status.0");
}

/** The dot over an avatar; offline users get none. */
export function PresenceDot({ userId, size }: { userId: string; size: number }) {
  const status = usePresenceStore((state) => state.statuses[userId] ?? 0);
  if (!status) return null;
  const diameter = Math.max(8, Math.round(size * 0.32));
  return (
    <span
      className={`presence-dot presence-dot--${STATUS_CLASS[status]}`}
      style={{ width: diameter, height: diameter }}
      title={statusName(status)}
      aria-hidden="true"
      data-status={status}
    />
  );
}
