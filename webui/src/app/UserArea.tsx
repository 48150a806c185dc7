import { t } from "../i18n/i18n";
import { formatUserTag, useSelfUserStore } from "../stores/selfUserStore";
import { UserAreaAccessory } from "../plugins/extensions";
import { useLocalSetting } from "../settings/localSettings";
import { Avatar } from "../ui/Avatar";
import { Button } from "../ui/Button";
import { useContextMenu } from "../ui/contextMenu/useContextMenu";
import { Icon } from "../ui/Icon";
import { ThemeToggle } from "../ui/ThemeToggle";
import { useLogOut } from "./useLogOut";

function copyToClipboard(text: string): void {
  navigator.clipboard?.writeText(text).catch(() => undefined);
}

/** Bottom of the side pane: who is signed in, theme switch, and log out. */
export function UserArea() {
  const user = useSelfUserStore((state) => state.user);
  const developerMode = useLocalSetting("developerMode");
  const { loggingOut, logOutAndLeave } = useLogOut();
  const { triggerProps, menu } = useContextMenu([
    ...(user && developerMode ? [{ label: t("userArea.copyId"), onSelect: () => copyToClipboard(user.id) }] : []),
    { label: t("userArea.logOut"), onSelect: () => void logOutAndLeave(), danger: true },
  ]);

  return (
    <div className="user-area">
      <div className="user-area__identity" title={user ? formatUserTag(user) : undefined} {...triggerProps}>
        {user ? <Avatar user={user} size={34} presenceUserId={user.id} /> : <span className="avatar avatar--placeholder" aria-hidden="true" />}
        <span className="user-area__name" data-testid="self-user">
          {user ? (
            <>
              <span className="user-area__display-name">{user.username}</span>
              <span className="user-area__tag">:{user.tag}</span>
            </>
          ) : (
            t("userArea.signingIn")
          )}
        </span>
      </div>
      <UserAreaAccessory />
      <ThemeToggle />
      <Button
        className="user-area__logout"
        variant="ghost"
        loading={loggingOut}
        onClick={logOutAndLeave}
        aria-label={t("userArea.logOut")}
        title={t("userArea.logOut")}
      >
        {!loggingOut && <Icon name="logout" size={20} />}
      </Button>
      {menu}
    </div>
  );
}
