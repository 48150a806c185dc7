/** What a member's context menu does (spec §6): nickname, roles, kick, ban, transfer ownership. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { promptForPassword } from "@hearth/ui/modal/PasswordPrompt";
import { useState, type FormEvent } from "react";
import { t } from "../i18n";
import { canManageRole, type MemberAction, type PermissionSubject } from "../permissions";
import { banMember, kickMember, setMemberRoles, setNickname, transferOwnership } from "../serversApi";
import { serverRoles, useServersStore } from "../serversStore";
import type { Server, ServerMember } from "../types";
import { displayName, roleColour } from "../memberGroups";
import { ConfirmPanel } from "./serverActions";
import { assignableRoles } from "./memberActionLabels";

function BanPanel({ server, member, close }: { server: Server; member: ServerMember; close: () => void }) {
  const [purge, setPurge] = useState(false);
  const [reason, setReason] = useState("");
  const { pending, errors, run } = useFormAction(["reason"] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await banMember(server.id, member.userId, purge, reason.trim() || undefined);
      close();
    });
  };
  return (
    <ModalPanel title={t("memberMenu.banTitle", { name: displayName(member) })} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <p>{t("memberMenu.banText", { name: displayName(member), server: server.name })}</p>
        <TextField label={t("memberMenu.reason")} name="reason" maxLength={150} value={reason} onChange={(event) => setReason(event.target.value)} error={errors.fields.reason} />
        <label className="checkbox">
          <input type="checkbox" checked={purge} onChange={(event) => setPurge(event.target.checked)} />
          {t("memberMenu.deleteRecent")}
        </label>
        <FormError message={errors.general} />
        <div className="button-row button-row--end">
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" variant="danger" loading={pending}>
            {t("memberMenu.ban")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

function NicknamePanel({ server, member, close }: { server: Server; member: ServerMember; close: () => void }) {
  const [nickname, setValue] = useState(member.nickname ?? "");
  const { pending, errors, run } = useFormAction(["nickname"] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await setNickname(server.id, member.userId, nickname.trim() || null);
      close();
    });
  };
  return (
    <ModalPanel title={t("memberMenu.nicknameTitle", { name: member.user.username })} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField
          label={t("memberMenu.nickname")}
          name="nickname"
          autoFocus
          maxLength={35}
          value={nickname}
          onChange={(event) => setValue(event.target.value)}
          error={errors.fields.nickname}
          hint={t("memberMenu.nicknameHint")}
        />
        <FormError message={errors.general} />
        <div className="button-row button-row--end">
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {t("common.save")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

function RolesPanel({ server, member, subject, close }: { server: Server; member: ServerMember; subject: PermissionSubject; close: () => void }) {
  const roles = assignableRoles(server, serverRoles(useServersStore.getState(), server.id));
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(member.roleIds));
  const { pending, errors, run } = useFormAction(["roleIds"] as const);
  const toggle = (roleId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(roleId);
      else next.delete(roleId);
      return next;
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await setMemberRoles(server.id, member.userId, [...selected]);
      close();
    });
  };
  return (
    <ModalPanel title={t("memberMenu.rolesTitle", { name: displayName(member) })} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        {roles.length === 0 ? (
          <p className="muted">{t("memberMenu.noRoles")}</p>
        ) : (
          <ul className="role-checklist">
            {roles.map((role) => (
              <li key={role.id}>
                <label className="checkbox">
                  <input type="checkbox" checked={selected.has(role.id)} disabled={!canManageRole(subject, role)} onChange={(event) => toggle(role.id, event.target.checked)} />
                  <span className="role-dot" style={{ background: roleColour(role.hexColor) }} aria-hidden="true" />
                  {role.name}
                </label>
              </li>
            ))}
          </ul>
        )}
        {errors.fields.roleIds && <p className="field__error">{errors.fields.roleIds}</p>}
        <FormError message={errors.general} />
        <div className="button-row button-row--end">
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {t("common.save")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

export function runMemberAction(action: MemberAction, server: Server, member: ServerMember, subject: PermissionSubject): void {
  const name = displayName(member);
  switch (action) {
    case "kick":
      openModal((close) => (
        <ConfirmPanel
          title={t("memberMenu.kickTitle", { name })}
          text={t("memberMenu.kickText", { name, server: server.name })}
          confirmLabel={t("memberMenu.kick")}
          action={() => kickMember(server.id, member.userId)}
          close={close}
          done={() => undefined}
        />
      ));
      return;
    case "ban":
      openModal((close) => <BanPanel server={server} member={member} close={close} />);
      return;
    case "nickname":
      openModal((close) => <NicknamePanel server={server} member={member} close={close} />);
      return;
    case "roles":
      openModal((close) => <RolesPanel server={server} member={member} subject={subject} close={close} />);
      return;
    case "transfer":
      promptForPassword({
        title: t("memberMenu.transferTitle"),
        message: t("memberMenu.transferText", { name, server: server.name }),
        confirmLabel: t("memberMenu.transfer"),
        submit: async (password) => {
          await transferOwnership(server.id, member.userId, password);
        },
      });
      return;
  }
}
