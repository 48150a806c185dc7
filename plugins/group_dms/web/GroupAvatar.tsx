import { Avatar } from "@hearth/ui/Avatar";
import type { GroupDm } from "./types";

/** The group's icon, else two of its other members' pictures stacked (as Discord draws a group). */
export function GroupAvatar({ group, selfId, size = 32 }: { group: GroupDm; selfId: string | undefined; size?: number }) {
  if (group.icon) return <Avatar user={{ username: group.name ?? "?", avatar: group.icon }} size={size} />;
  const others = group.members.filter((member) => member.id !== selfId);
  const [first, second] = others.length ? others : group.members;
  if (!first) return <Avatar user={{ username: "?" }} size={size} />;
  if (!second) return <Avatar user={first} size={size} />;
  const small = Math.round(size * 0.7);
  return (
    <span className="group-avatar" style={{ width: size, height: size }} aria-hidden="true">
      <span className="group-avatar__back">
        <Avatar user={first} size={small} />
      </span>
      <span className="group-avatar__front">
        <Avatar user={second} size={small} />
      </span>
    </span>
  );
}
