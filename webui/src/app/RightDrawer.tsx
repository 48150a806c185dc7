import { t } from "../i18n/i18n";
import { useSocketStore } from "../socket/socketStore";
import { formatUserTag, useSelfUserStore } from "../stores/selfUserStore";
import { Avatar } from "../ui/Avatar";
import { formatDateTime } from "../ui/format";
import { Icon } from "../ui/Icon";
import { SlotTarget, useSlotFilled } from "./layoutSlots";
import { toggleRightDrawer } from "./layoutStore";

/**
 * The collapsible right-hand drawer. A page may fill it (`LayoutSlot` "drawerTitle" and
 * "drawer"); otherwise it shows the signed-in profile and the live connection.
 */
export function RightDrawer() {
  const titleFilled = useSlotFilled("drawerTitle");
  const bodyFilled = useSlotFilled("drawer");

  return (
    <div className="right-drawer__inner">
      <header className="right-drawer__header">
        <h2>
          {!titleFilled && t("drawer.title")}
          <SlotTarget name="drawerTitle" as="span" />
        </h2>
        <button type="button" className="icon-button" aria-label={t("drawer.hide")} onClick={toggleRightDrawer}>
          <Icon name="close" size={20} />
        </button>
      </header>
      {!bodyFilled && <SelfSummary />}
      <SlotTarget name="drawer" className="right-drawer__slot" />
    </div>
  );
}

function SelfSummary() {
  const user = useSelfUserStore((state) => state.user);
  const { authenticated, lastAuthenticatedAt } = useSocketStore();

  return (
    <>
      {user && (
        <section className="profile-card">
          <Avatar user={user} size={64} />
          <p className="profile-card__name">{formatUserTag(user)}</p>
          {user.email && <p className="muted">{user.email}</p>}
          <p className={user.emailConfirmed ? "badge badge--ok" : "badge badge--warn"}>
            {user.emailConfirmed ? t("drawer.emailConfirmed") : t("drawer.emailUnconfirmed")}
          </p>
        </section>
      )}
      <dl className="drawer-facts">
        <dt>{t("drawer.connection")}</dt>
        <dd>{authenticated ? t("drawer.online") : t("drawer.offline")}</dd>
        {lastAuthenticatedAt !== null && (
          <>
            <dt>{t("drawer.signedInAt")}</dt>
            <dd>{formatDateTime(lastAuthenticatedAt)}</dd>
          </>
        )}
      </dl>
    </>
  );
}
