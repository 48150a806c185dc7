/** The instance's message of the day atop the main pane, until dismissed (per message, in this browser). */
import { useInstanceInfo } from "@hearth/pages/instanceInfo";
import { useState } from "react";
import { t } from "./i18n";
import "./motd.css";

const DISMISSED = "hearth.dismissedMotd";

export function MotdBar() {
  const info = useInstanceInfo();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED));
  const motd = info?.motd ?? "";
  if (!motd || dismissed === motd) return null;
  return (
    <div className="motd-bar" role="note" aria-label={t("instance.fields.motd")} data-testid="motd-bar">
      <span className="motd-bar__text">{motd}</span>
      <button
        type="button"
        className="motd-bar__close"
        aria-label={t("instance.dismissMotd")}
        onClick={() => {
          localStorage.setItem(DISMISSED, motd);
          setDismissed(motd);
        }}
      >
        ×
      </button>
    </div>
  );
}
