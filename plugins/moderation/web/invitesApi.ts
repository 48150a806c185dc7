/** Instance invites (Hearth's own `/moderation/instance-invites`, admins only). */
import { request } from "@hearth/api/request";

export interface InstanceInvite {
  id: string;
  hint: string;
  maxUses: number;
  uses: number;
  expiresAt: number | null;
  revoked: boolean;
  createdAt: number;
  createdById: string | null;
}

export const listInvites = (): Promise<InstanceInvite[]> => request({ path: "/moderation/instance-invites" });

export const createInvite = (maxUses: number, expiresInHours: number | null): Promise<{ invite: InstanceInvite; code: string }> =>
  request({ method: "POST", path: "/moderation/instance-invites", body: { maxUses, expiresInHours } });

export const revokeInvite = async (inviteId: string): Promise<InstanceInvite> =>
  (await request<{ invite: InstanceInvite }>({ method: "DELETE", path: `/moderation/instance-invites/${encodeURIComponent(inviteId)}` }))
    .invite;
