import { t } from "../i18n/i18n";
import { SlotTarget, useSlotFilled } from "./layoutSlots";
import { HomeSidebar } from "./HomeSidebar";
import { UserArea } from "./UserArea";

/**
 * Beside the rail: what the page puts there (a server's channels, the settings sections), else
 * Home's sidebar (the feed, friends and conversations); the signed-in user at the bottom.
 */
export function SidePane() {
  const slotFilled = useSlotFilled("sidePane");
  return (
    <aside className={`side-pane${slotFilled ? " side-pane--filled" : ""}`} aria-label={t("app.sidebar")}>
      {!slotFilled && (
        <>
          <div className="side-pane__header">{t("brand.name")}</div>
          <HomeSidebar />
        </>
      )}
      <SlotTarget name="sidePane" className="side-pane__slot" />
      <UserArea />
    </aside>
  );
}
