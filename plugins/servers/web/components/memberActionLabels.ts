/**
 * What the user menu needs of the member actions to list them: their labels and the roles that
 * can be given. The actions themselves (their dialogs, `memberActions.tsx`) load when one is chosen.
 */
import { t } from "../i18n";
import type { MemberAction } from "../permissions";
import type { Server, ServerRole } from "../types";

/** Roles that can be given by hand: not the default role, not a bot's role. */
export function assignableRoles(server: Server, roles: ServerRole[]): ServerRole[] {
  return roles.filter((role) => role.id !== server.defaultRoleId && !role.botRole);
}

export const memberActionLabel = (action: MemberAction): string =>
  ({
    nickname: t("memberMenu.changeNickname"),
    roles: t("memberMenu.editRoles"),
    kick: t("memberMenu.kick"),
    ban: t("memberMenu.ban"),
    transfer: t("memberMenu.transfer"),
  })[action];
