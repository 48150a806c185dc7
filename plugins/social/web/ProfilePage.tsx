import { cdnUrl } from "@hearth/api/cdn";
import { describeError } from "@hearth/api/requestErrors";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { formatDate as formatIntlDate } from "@hearth/i18n/i18n";
import { socialSlots } from "./slots";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { BotTag } from "@hearth/ui/BotTag";
import { Button } from "@hearth/ui/Button";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { Markup } from "@hearth/ui/markup/Markup";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { bannerStyle, safeGradient } from "@hearth/ui/safeStyle";
import { useEffect, useState } from "react";
import { Link, NavLink, useParams } from "react-router";
import { UserBadges } from "../../accounts/web/public";
import { useFriendsStore } from "../../friends/web/public";
import { t } from "./i18n";
import { primaryColourStyle } from "./ProfileCard";
import { profileFontFamily } from "./profileFonts";
import { loadProfile, useProfile } from "./profileStore";
import { fetchFollowers, fetchFollowing } from "./socialApi";
import type { ListedUser, UserDetails } from "./types";
import { UserActions } from "./UserActions";
import "./social.css";

type Tab = "about" | "followers" | "following" | "mutual-friends";
const TABS: Array<{ tab: Tab; label: () => string }> = [
  { tab: "about", label: () => t("tabs.about") },
  { tab: "followers", label: () => t("tabs.followers") },
  { tab: "following", label: () => t("tabs.following") },
  { tab: "mutual-friends", label: () => t("tabs.mutualFriends") },
];

function formatDate(epochMs: number): string {
  return formatIntlDate(epochMs, { dateStyle: "long" });
}

function UserList({ users, empty }: { users: ListedUser[]; empty: string }) {
  if (!users.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="user-list">
      {users.map((user) => (
        <li key={user.id}>
          <Link className="user-list__item" to={`/app/profile/${user.id}`}>
            <Avatar user={user} size={36} presenceUserId={user.id} />
            <span>
              {user.username}
              <span className="muted">:{user.tag}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FollowList({ userId, kind }: { userId: string; kind: "followers" | "following" }) {
  const [users, setUsers] = useState<ListedUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setUsers(null);
    setError(null);
    (kind === "followers" ? fetchFollowers(userId) : fetchFollowing(userId))
      .then((list) => active && setUsers(list))
      .catch((failure: unknown) => active && setError(describeError(failure)));
    return () => {
      active = false;
    };
  }, [userId, kind]);
  if (error) return <p className="muted">{error}</p>;
  if (!users) return <PaneLoading label={t("lists.loading")} />;
  return <UserList users={users} empty={kind === "followers" ? t("lists.emptyFollowers") : t("lists.emptyFollowing")} />;
}

function MutualFriends({ details }: { details: UserDetails }) {
  const friends = useFriendsStore((state) => state.friends);
  const users = (details.mutualFriendIds ?? []).flatMap((id) => (friends[id] ? [friends[id]!.recipient] : []));
  return <UserList users={users} empty={t("lists.emptyMutual")} />;
}

function About({ details }: { details: UserDetails }) {
  const { user, profile } = details;
  return (
    <div className="profile-about">
      <section>
        <h3 className="profile-section-title">{t("profile.about")}</h3>
        {profile?.bio ? <Markup content={profile.bio} /> : <p className="muted">{t("profile.noBio")}</p>}
      </section>
      <dl className="profile-facts">
        {user.joinedAt && (
          <>
            <dt>{t("facts.joined")}</dt>
            <dd>{formatDate(user.joinedAt)}</dd>
          </>
        )}
        <dt>{t("facts.mutualFriends")}</dt>
        <dd>{details.mutualFriendIds?.length ?? 0}</dd>
        <dt>{t("facts.mutualServers")}</dt>
        <dd>{details.mutualServerIds?.length ?? 0}</dd>
      </dl>
    </div>
  );
}

/**
 * /app/profile/{userId}/{tab?}: banner, identity, actions, and the About / follows / mutual
 * friends tabs, after the tabs other plugins add through the `profileTabs` slot (posts).
 */
export default function ProfilePage() {
  const [userId = "", tabParam] = (useParams()["*"] ?? "").split("/");
  const extraTabs = socialSlots.profileTabs.use();
  const extra = extraTabs.find((entry) => entry.id === tabParam);
  // friends is optional: without it there is no mutual-friends tab
  const friends = usePluginStore((state) => state.loadedIds.includes("friends"));
  const ownTabs = friends ? TABS : TABS.filter((entry) => entry.tab !== "mutual-friends");
  const tabs = [...extraTabs.map((entry) => ({ tab: entry.id, label: entry.label })), ...ownTabs];
  const tab: string = extra ? extra.id : ownTabs.some((entry) => entry.tab === tabParam) ? (tabParam as Tab) : "about";
  const { details, loading, error } = useProfile(userId);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const canEditOwn = usePluginStore((state) => state.loadedIds.includes("accounts"));

  useEffect(() => {
    if (userId) void loadProfile(userId);
  }, [userId]);

  if (!details) {
    if (error && !loading) {
      return (
        <div className="profile-page__status">
          <p className="form-error" role="alert">
            {t("profile.failed", { message: error })}
          </p>
          <Button onClick={() => void loadProfile(userId)}>{t("profile.retry")}</Button>
        </div>
      );
    }
    return <PaneLoading label={t("profile.loading")} />;
  }

  const { user, profile } = details;
  const gradient = safeGradient(135, profile?.bgColorOne, profile?.bgColorTwo);
  const base = `/app/profile/${user.id}`;

  return (
    <article className="profile-page" data-testid="profile-page" style={{ ...(gradient ? { backgroundImage: gradient } : {}), ...primaryColourStyle(profile) }}>
      <LayoutSlot name="headerTitle">
        <span className="profile-title__name">
          <EmojiText text={user.username} />
        </span>
        <span className="muted profile-title__tag">:{user.tag}</span>
      </LayoutSlot>
      <div
        className="profile-page__banner"
        style={bannerStyle(user.banner, user.hexColor)}
      />
      <header className="profile-page__header">
        <div className="profile-page__avatar">
          <Avatar user={user} size={104} presenceUserId={user.id} />
        </div>
        <div className="profile-page__identity">
          <h2 className="profile-page__name">
            <span style={{ fontFamily: profileFontFamily(profile?.font) }}>
              <EmojiText text={user.username} />
            </span>
            <span className="muted">:{user.tag}</span>
            {profile?.clan && (
              // The clan the user wears (clans plugin, rest.md §4.12); only data of this route.
              <span className="profile-clan" title={t("profile.clan", { tag: profile.clan.tag })} data-testid="profile-clan">
                <img className="profile-clan__icon" src={cdnUrl(profile.clan.icon)} alt="" />
                {profile.clan.tag}
              </span>
            )}
            {user.bot && <BotTag />}
          </h2>
          <UserBadges badges={user.badges} />
          <p className="profile-page__counts muted">
            {t("profile.followers", { count: user._count?.followers ?? 0 })} · {t("profile.following", { count: user._count?.following ?? 0 })}
            {details.followsYou && <span className="badge badge--ok">{t("profile.followsYou")}</span>}
          </p>
          {details.block && <p className="notice">{t("profile.blockedYou")}</p>}
          {details.suspensionExpiresAt !== undefined && <p className="notice">{t("profile.suspended")}</p>}
        </div>
        <div className="profile-page__actions">
          {user.id === selfId ? (
            canEditOwn && (
              <Link className="button button--secondary" to="/app/settings/account/profile">
                {t("profile.editProfile")}
              </Link>
            )
          ) : (
            <UserActions details={details} withBlock />
          )}
        </div>
      </header>
      <nav className="profile-page__tabs" aria-label={t("tabs.label")}>
        {tabs.map((entry) => (
          <NavLink
            key={entry.tab}
            end
            to={entry.tab === "about" ? base : `${base}/${entry.tab}`}
            className={() => `profile-page__tab${tab === entry.tab ? " profile-page__tab--active" : ""}`}
            aria-current={tab === entry.tab ? "page" : undefined}
          >
            {entry.label()}
          </NavLink>
        ))}
      </nav>
      <div className="profile-page__content">
        {extra && <extra.Component userId={user.id} />}
        {tab === "about" && <About details={details} />}
        {tab === "followers" && (details.hideFollowers && user.id !== selfId ? <p className="muted">{t("lists.hidden")}</p> : <FollowList userId={user.id} kind="followers" />)}
        {tab === "following" && (details.hideFollowing && user.id !== selfId ? <p className="muted">{t("lists.hidden")}</p> : <FollowList userId={user.id} kind="following" />)}
        {tab === "mutual-friends" && <MutualFriends details={details} />}
      </div>
    </article>
  );
}
