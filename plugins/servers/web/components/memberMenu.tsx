/**
 * The servers plugin's entries of the user menu (spec §6), for a person met in a server: nickname,
 * roles (a checklist of the roles the viewer outranks), time out, kick, ban, transfer ownership.
 * Each only when the viewer may (the server checks again).
 */
import { intlLocale, getLanguage } from "@hearth/i18n/i18n";
import type { UserMenuSection, UserMenuTarget } from "@hearth/plugins/extensions";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { t } from "../i18n";
import { canManageRole, isAdmin, memberActions, type PermissionSubject } from "../permissions";
import { errorText, muteMember, setMemberRoles, unmuteMember } from "../serversApi";
import { serverRoles, useServersStore } from "../serversStore";
import type { Server, ServerMember } from "../types";
import { assignableRoles, memberActionLabel } from "./memberActionLabels";

const MINUTE = 60_000;
/** The lengths a time out is offered in, as Discord offers them. */
export const TIME_OUT_LENGTHS: ReadonlyArray<{ amount: number; unit: "second" | "minute" | "hour" | "day" | "week"; ms: number }> = [
  { amount: 60, unit: "second", ms: MINUTE },
  { amount: 5, unit: "minute", ms: 5 * MINUTE },
  { amount: 10, unit: "minute", ms: 10 * MINUTE },
  { amount: 1, unit: "hour", ms: 60 * MINUTE },
  { amount: 1, unit: "day", ms: 24 * 60 * MINUTE },
  { amount: 1, unit: "week", ms: 7 * 24 * 60 * MINUTE },
];

function lengthLabel({ amount, unit }: (typeof TIME_OUT_LENGTHS)[number]): string {
  return new Intl.NumberFormat(intlLocale(getLanguage()), { style: "unit", unit, unitDisplay: "long" }).format(amount);
}

function showFailure(error: unknown): void {
  openModal((close) => (
    <ModalPanel title={t("memberMenu.failed")} onClose={close}>
      <p>{errorText(error, t("memberMenu.failed"))}</p>
    </ModalPanel>
  ));
}

/** Role changes asked for and not yet answered, so that quick ticks build on each other. */
const pendingRoles = new Map<string, string[]>();

function toggleRole(server: Server, member: ServerMember, roleId: string): void {
  const key = `${server.id}:${member.userId}`;
  const current = pendingRoles.get(key) ?? useServersStore.getState().members[server.id]?.[member.userId]?.roleIds ?? member.roleIds;
  const next = current.includes(roleId) ? current.filter((id) => id !== roleId) : [...current, roleId];
  pendingRoles.set(key, next);
  setMemberRoles(server.id, member.userId, next)
    .catch(showFailure)
    .finally(() => {
      if (pendingRoles.get(key) === next) pendingRoles.delete(key);
    });
}

function isTimedOut(member: ServerMember, now = Date.now()): boolean {
  return Boolean(member.muteExpireAt && member.muteExpireAt > now);
}

/** What the viewer may do to `target` in their server; nothing outside a server or one not loaded. */
export function serverMemberMenuItems(target: UserMenuTarget): ContextMenuItem[] {
  if (!target.serverId) return [];
  const state = useServersStore.getState();
  const server = state.servers[target.serverId];
  const selfId = useSelfUserStore.getState().user?.id;
  if (!server || !selfId) return [];
  const subject: PermissionSubject = { server, userId: selfId, member: state.members[server.id]?.[selfId], roles: state.roles };
  const loaded = state.members[server.id]?.[target.userId];
  // An author from an older page of messages may not be among the loaded members: act on the id alone.
  const member: ServerMember = loaded ?? {
    serverId: server.id,
    userId: target.userId,
    roleIds: [],
    user: { id: target.userId, username: target.user?.username ?? "", tag: target.user?.tag ?? "", bot: target.user?.bot ?? undefined },
  };
  const roles = loaded ? assignableRoles(server, serverRoles(state, server.id)).filter((role) => canManageRole(subject, role)) : [];
  // Someone not among the loaded members may have left: only what also works on a non-member
  // (a ban, a time out waiting for their return) or says so itself (kick); no nickname, no transfer.
  const actions = memberActions(subject, { userId: target.userId, bot: member.user.bot }, roles.length).filter(
    (action) => loaded || action === "kick" || action === "ban",
  );
  const self = target.userId === selfId;
  const targetIsOwner = target.userId === server.createdById;
  // The actions' dialogs load when one is chosen, not with the menu at start-up.
  const run = (action: (typeof actions)[number]) => () =>
    void import("./memberActions").then(({ runMemberAction }) => runMemberAction(action, server, member, subject), showFailure);

  const items: ContextMenuItem[] = [];
  if (actions.includes("nickname")) items.push({ label: memberActionLabel("nickname"), testId: "user-menu-nickname", onSelect: run("nickname") });
  if (actions.includes("roles"))
    items.push({
      label: t("memberMenu.roles"),
      testId: "user-menu-roles",
      submenu: () =>
        roles.map((role) => ({
          label: role.name,
          id: role.id,
          checked: member.roleIds.includes(role.id),
          testId: "user-menu-role",
          onSelect: () => toggleRole(server, member, role.id),
        })),
    });
  // Time outs need ADMIN (rest.md §4.6); never oneself or the owner.
  if (!self && !targetIsOwner && isAdmin(subject)) {
    if (isTimedOut(member))
      items.push({ label: t("memberMenu.removeTimeOut"), testId: "user-menu-untimeout", onSelect: () => void unmuteMember(server.id, target.userId).catch(showFailure) });
    else
      items.push({
        label: t("memberMenu.timeOut"),
        testId: "user-menu-timeout",
        danger: true,
        submenu: () =>
          TIME_OUT_LENGTHS.map((length) => ({
            label: lengthLabel(length),
            onSelect: () => void muteMember(server.id, target.userId, Date.now() + length.ms).catch(showFailure),
          })),
      });
  }
  for (const action of ["kick", "ban", "transfer"] as const)
    if (actions.includes(action)) items.push({ label: memberActionLabel(action), testId: `user-menu-${action}`, danger: true, onSelect: run(action) });
  return items;
}

export const serverUserMenuSection: UserMenuSection = { order: 50, items: serverMemberMenuItems };
