/**
 * A user's card as others see it: banner, avatar, name in their profile font, badges and bio on
 * their colours. The user card popover draws it with live data, the profile settings section
 * with the draft being edited (its preview).
 */
import { ClanTag } from "../../clans/web/public";
import { contrastingText, parseHexColour } from "@hearth/ui/colour";
import { Avatar } from "@hearth/ui/Avatar";
import { BotTag } from "@hearth/ui/BotTag";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { Markup } from "@hearth/ui/markup/Markup";
import { bannerStyle, cssUrl, safeColour, safeGradient } from "@hearth/ui/safeStyle";
import type { CSSProperties, ReactNode } from "react";
import { UserBadges } from "../../accounts/web/public";
import { profileFontFamily } from "./profileFonts";
import type { ProfileUser, UserProfileDetails } from "./types";
import "./social.css";

export type CardUser = Pick<ProfileUser, "username" | "tag" | "avatar" | "banner" | "hexColor" | "bot"> & { badges?: number };

interface ProfileCardProps {
  user: CardUser;
  profile?: UserProfileDetails | null;
  /** A picture not uploaded yet (an object URL) shown in place of the banner. */
  bannerPicture?: string | null;
  /** Whose presence dot the avatar shows. */
  presenceUserId?: string;
  /** Under the name and badges, before the bio (notices, loading state). */
  status?: ReactNode;
  /** After the bio (actions, links). */
  children?: ReactNode;
  testId?: string;
}

/** The primary colour as the accent of what it is set on (buttons, links) and the avatar's ring. */
export function primaryColourStyle(profile: UserProfileDetails | null | undefined): CSSProperties {
  const primary = safeColour(profile?.primaryColor);
  const parsed = parseHexColour(primary);
  if (!primary || !parsed) return {};
  return { "--accent": primary, "--accent-hover": primary, "--accent-contrast": contrastingText(parsed), "--profile-ring": primary } as CSSProperties;
}

/** The card's own colours: the gradient behind it (or its one colour) and the primary colour. */
export function profileCardStyle(profile: UserProfileDetails | null | undefined): CSSProperties {
  const gradient = safeGradient(180, profile?.bgColorOne, profile?.bgColorTwo);
  const single = safeColour(profile?.bgColorOne) ?? safeColour(profile?.bgColorTwo);
  const background: CSSProperties = gradient ? { backgroundImage: gradient } : single ? { backgroundColor: single } : {};
  return { ...background, ...primaryColourStyle(profile) };
}

export function ProfileCard({ user, profile, bannerPicture, presenceUserId, status, children, testId = "profile-card" }: ProfileCardProps) {
  const banner = bannerPicture ? { backgroundImage: cssUrl(bannerPicture) } : bannerStyle(user.banner, user.hexColor);
  return (
    <div className="user-card" style={profileCardStyle(profile)} data-testid={testId}>
      <div className="user-card__banner" style={banner} data-testid="profile-card-banner" />
      <div className="user-card__body">
        <div className="user-card__avatar">
          <Avatar user={user} size={72} presenceUserId={presenceUserId} />
        </div>
        <h2 className="user-card__name">
          <span className="user-card__username" style={{ fontFamily: profileFontFamily(profile?.font) }}>
            <EmojiText text={user.username} />
          </span>
          <span className="muted">:{user.tag}</span>
          {presenceUserId && <ClanTag userId={presenceUserId} clan={profile?.clan} />}
          {user.bot && <BotTag />}
        </h2>
        {user.badges !== undefined && <UserBadges badges={user.badges} />}
        {status}
        {profile?.bio && <Markup content={profile.bio} className="user-card__bio" />}
        {children}
      </div>
    </div>
  );
}
