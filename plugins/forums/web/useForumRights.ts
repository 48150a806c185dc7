/** What the signed-in member may do in a forum: post (send rights in it) and moderate (MANAGE_CHANNELS). */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useShallow } from "zustand/react/shallow";
import { canSendInChannel, hasPermission, permissionSubject, RolePermission, useServersStore, type ServerChannel } from "../../servers/web/public";

export interface ForumRights {
  selfId: string | undefined;
  post: boolean;
  moderate: boolean;
}

export function useForumRights(serverId: string, channel: ServerChannel | undefined): ForumRights {
  const selfId = useSelfUserStore((state) => state.user?.id);
  const { servers, members, roles } = useServersStore(useShallow((state) => ({ servers: state.servers, members: state.members, roles: state.roles })));
  const subject = permissionSubject({ servers, members, roles }, serverId, selfId);
  return {
    selfId,
    post: Boolean(subject && channel && canSendInChannel(subject, channel)),
    moderate: Boolean(subject && hasPermission(subject, RolePermission.MANAGE_CHANNELS)),
  };
}
