import type { UserCardRequest, UserHint } from "@hearth/plugins/extensions";
import { openPopover } from "@hearth/ui/popover/popoverStore";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { useEffect } from "react";
import { Link } from "react-router";
import { t } from "./i18n";
import { ProfileCard } from "./ProfileCard";
import { loadProfile, useProfile } from "./profileStore";
import { UserActions } from "./UserActions";
import "./social.css";

function UserCard({ userId, hint, close }: { userId: string; hint?: UserHint; close: () => void }) {
  const { details, loading, error } = useProfile(userId);
  useEffect(() => {
    void loadProfile(userId);
  }, [userId]);

  const user = details?.user ?? (hint?.username ? { ...hint, username: hint.username, tag: hint.tag ?? "" } : null);
  const status = (
    <>
      {details?.followsYou && <span className="badge badge--ok">{t("profile.followsYou")}</span>}
      {loading && !details && <PaneLoading label={t("profile.loading")} />}
      {error && !details && <p className="form-error">{t("profile.failed", { message: error })}</p>}
    </>
  );
  const link = (
    <Link className="user-card__link" to={`/app/profile/${userId}`} onClick={close}>
      {t("actions.viewProfile")}
    </Link>
  );

  if (!user) {
    return (
      <div className="user-card" data-testid="user-card">
        <div className="user-card__banner" style={bannerStyle(null, null)} />
        <div className="user-card__body">
          {status}
          {link}
        </div>
      </div>
    );
  }
  return (
    <ProfileCard user={user} profile={details?.profile} presenceUserId={userId} status={status} testId="user-card">
      {details && <UserActions details={details} onNavigate={close} />}
      {link}
    </ProfileCard>
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
