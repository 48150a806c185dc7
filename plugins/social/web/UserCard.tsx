import { ClanTag, type UserCardRequest, type UserHint } from "@hearth/plugins/extensions";
import { Avatar } from "@hearth/ui/Avatar";
import { BotTag } from "@hearth/ui/BotTag";
import { Markup } from "@hearth/ui/markup/Markup";
import { openPopover } from "@hearth/ui/popover/popoverStore";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { useEffect } from "react";
import { Link } from "react-router";
import { UserBadges } from "../../accounts/web/public";
import { t } from "./i18n";
import { loadProfile, useProfile } from "./profileStore";
import { UserActions } from "./UserActions";
import "./social.css";

function UserCard({ userId, hint, close }: { userId: string; hint?: UserHint; close: () => void }) {
  const { details, loading, error } = useProfile(userId);
  useEffect(() => {
    void loadProfile(userId);
  }, [userId]);

  const user = details?.user ?? (hint?.username ? { ...hint, username: hint.username, tag: hint.tag ?? "" } : null);

  return (
    <div className="user-card" data-testid="user-card">
      <div className="user-card__banner" style={bannerStyle(details?.user.banner, user?.hexColor)} />
      <div className="user-card__body">
        {user && (
          <>
            <div className="user-card__avatar">
              <Avatar user={user} size={72} presenceUserId={userId} />
            </div>
            <h2 className="user-card__name">
              {user.username}
              <span className="muted">:{user.tag}</span>
              <ClanTag userId={userId} clan={details?.profile?.clan} />
              {details?.user.bot && <BotTag />}
            </h2>
            {details && <UserBadges badges={details.user.badges} />}
          </>
        )}
        {details?.followsYou && <span className="badge badge--ok">{t("profile.followsYou")}</span>}
        {loading && !details && (
          <PaneLoading label={t("profile.loading")} />
        )}
        {error && !details && <p className="form-error">{t("profile.failed", { message: error })}</p>}
        {details?.profile?.bio && <Markup content={details.profile.bio} className="user-card__bio" />}
        {details && <UserActions details={details} onNavigate={close} />}
        <Link className="user-card__link" to={`/app/profile/${userId}`} onClick={close}>
          {t("actions.viewProfile")}
        </Link>
      </div>
    </div>
  );
}

/** The `openUserCard` extension: a card with the user's profile next to the name or avatar clicked. */
export function openUserCard({ userId, anchor, user }: UserCardRequest): void {
  openPopover({
    anchor,
    placement: "side",
    label: t("card.label", { user: user?.username ?? userId }),
    render: (close) => <UserCard userId={userId} hint={user} close={close} />,
  });
}
