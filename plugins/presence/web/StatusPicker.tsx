import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { openPopover } from "@hearth/ui/popover/popoverStore";
import { t } from "./i18n";
import { STATUS_CLASS, statusName } from "./PresenceDot";
import { usePresence } from "./presenceStore";

/** The menu loads when the button is pressed, not with the user area at start-up. */
const StatusMenu = lazyComponent(async () => (await import("./StatusMenu")).StatusMenu);

/** A button in the user area showing one's own status; it opens the status menu. */
export function StatusPicker() {
  const userId = useSelfUserStore((state) => state.user?.id);
  const status = usePresence(userId)?.status ?? 0;
  if (!userId) return null;
  const label = t("picker.open", { status: status ? statusName(status) : t("status.invisible") });
  return (
    <button
      type="button"
      className="icon-button status-picker"
      aria-label={label}
      title={label}
      onClick={(event) =>
        openPopover({
          anchor: event.currentTarget.getBoundingClientRect(),
          label: t("picker.title"),
          placement: "above",
          render: (close) => <StatusMenu userId={userId} close={close} />,
        })
      }
    >
      <span className={`presence-dot presence-dot--inline presence-dot--${STATUS_CLASS[status]}`} aria-hidden="true" />
    </button>
  );
}
