import { cdnUrl } from "../api/cdn";
import { PresenceIndicator } from "../plugins/extensions";
import { initialsColours } from "./colour";

export interface AvatarUser {
  username: string;
  avatar?: string | null;
  hexColor?: string | null;
}

interface AvatarProps {
  user: AvatarUser;
  size?: number;
  /** Draws the user's presence dot (when a plugin provides presence). */
  presenceUserId?: string;
}

/** The user's picture, or their initial on their colour when they have none. */
export function Avatar({ user, size = 36, presenceUserId }: AvatarProps) {
  const style = { width: size, height: size, fontSize: size * 0.42, ...initialsColours(user.hexColor) };
  const picture = user.avatar ? (
    <img className="avatar" src={cdnUrl(user.avatar)} alt="" style={style} />
  ) : (
    <span className="avatar avatar--initial" style={style} aria-hidden="true">
      {(user.username || "?").charAt(0).toUpperCase()}
    </span>
  );
  if (!presenceUserId) return picture;
  return (
    <span className="avatar-frame" style={{ width: size, height: size }}>
      {picture}
      <PresenceIndicator userId={presenceUserId} size={size} />
    </span>
  );
}
