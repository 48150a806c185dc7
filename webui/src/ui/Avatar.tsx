import { cdnUrl } from "../api/cdn";
import type { SelfUser } from "../stores/selfUserStore";

interface AvatarProps {
  user: Pick<SelfUser, "username" | "avatar" | "hexColor">;
  size?: number;
}

/** The user's picture, or their initial on their colour when they have none. */
export function Avatar({ user, size = 36 }: AvatarProps) {
  const style = { width: size, height: size, fontSize: size * 0.42, background: user.hexColor ?? undefined };
  if (user.avatar) {
    return <img className="avatar" src={cdnUrl(user.avatar)} alt="" style={style} />;
  }
  return (
    <span className="avatar avatar--initial" style={style} aria-hidden="true">
      {user.username.charAt(0).toUpperCase()}
    </span>
  );
}
