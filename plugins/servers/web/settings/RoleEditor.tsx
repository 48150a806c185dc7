/** One role: name, colour, the nine permission bits, hide role, apply on join; deleting it. */
import { Button } from "@hearth/ui/Button";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmPanel } from "../components/serverActions";
import { openModal } from "@hearth/ui/modal/modalStore";
import { usePermissionSubject, useServer } from "../hooks";
import { t } from "../i18n";
import { roleColour } from "../memberGroups";
import { canManageRole, hasPermission, RolePermission, ROLE_PERMISSION_NAMES, type RolePermissionName } from "../permissions";
import { deleteRole, updateRole } from "../serversApi";
import { useServersStore } from "../serversStore";
import type { ServerRole } from "../types";
import { SaveRow, SettingsCard } from "./ui";

/** i18n keys of the role permissions (`permissions.<key>.name` / `.description`). */
export const PERMISSION_KEYS = {
  ADMIN: "admin",
  SEND_MESSAGE: "sendMessage",
  MANAGE_ROLES: "manageRoles",
  MANAGE_CHANNELS: "manageChannels",
  KICK: "kick",
  BAN: "ban",
  MENTION_EVERYONE: "mentionEveryone",
  NICKNAME_MEMBER: "nicknameMember",
  MENTION_ROLES: "mentionRoles",
} as const satisfies Record<RolePermissionName, string>;

function RoleForm({ role, isDefault, editable }: { role: ServerRole; isDefault: boolean; editable: boolean }) {
  const subject = usePermissionSubject(role.serverId);
  const [name, setName] = useState(role.name);
  const [colour, setColour] = useState<string | null>(roleColour(role.hexColor) ?? null);
  const [permissions, setPermissions] = useState(role.permissions);
  const [hideRole, setHideRole] = useState(Boolean(role.hideRole));
  const [applyOnJoin, setApplyOnJoin] = useState(Boolean(role.applyOnJoin));
  const [saved, setSaved] = useState(false);
  const { pending, errors, run } = useFormAction(["name", "hexColor", "permissions"] as const);

  const changes: Partial<ServerRole> = {};
  if (name.trim() !== role.name) changes.name = name.trim();
  if (colour !== (roleColour(role.hexColor) ?? null)) changes.hexColor = colour;
  if (permissions !== role.permissions) changes.permissions = permissions;
  if (hideRole !== Boolean(role.hideRole)) changes.hideRole = hideRole;
  if (applyOnJoin !== Boolean(role.applyOnJoin)) changes.applyOnJoin = applyOnJoin;
  const dirty = Object.keys(changes).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void run(async () => {
      await updateRole(role.serverId, role.id, changes);
      setSaved(true);
    });
  };

  const toggleBit = (bit: number, on: boolean) => setPermissions((current) => (on ? current | bit : current & ~bit));

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <fieldset className="role-form__fieldset" disabled={!editable}>
        <TextField label={t("roleEditor.name")} name="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} error={errors.fields.name} />
        <div className="field">
          <span className="field__label">{t("roleEditor.colour")}</span>
          <div className="button-row">
            <input type="color" aria-label={t("roleEditor.colour")} value={colour ?? "#9ba1ae"} onChange={(event) => setColour(event.target.value)} />
            {colour && (
              <Button variant="ghost" onClick={() => setColour(null)}>
                {t("roleEditor.noColour")}
              </Button>
            )}
          </div>
          {errors.fields.hexColor && <p className="field__error">{errors.fields.hexColor}</p>}
        </div>
        {!isDefault && (
          <>
            <label className="checkbox">
              <input type="checkbox" checked={hideRole} onChange={(event) => setHideRole(event.target.checked)} />
              <span>
                {t("roleEditor.hideRole")}
                <span className="muted role-form__hint">{t("roleEditor.hideRoleHint")}</span>
              </span>
            </label>
            {!role.botRole && (
              <label className="checkbox">
                <input type="checkbox" checked={applyOnJoin} onChange={(event) => setApplyOnJoin(event.target.checked)} />
                <span>
                  {t("roleEditor.applyOnJoin")}
                  <span className="muted role-form__hint">{t("roleEditor.applyOnJoinHint")}</span>
                </span>
              </label>
            )}
          </>
        )}
        <h4 className="role-form__heading">{t("roleEditor.permissions")}</h4>
        <ul className="permission-list" data-testid="role-permissions">
          {ROLE_PERMISSION_NAMES.map((permissionName) => {
            const bit = RolePermission[permissionName];
            const key = PERMISSION_KEYS[permissionName];
            // Only bits one holds can be toggled (the server checks the hierarchy too).
            const mayToggle = subject ? hasPermission(subject, bit) : false;
            return (
              <li key={permissionName}>
                <label className="checkbox permission-list__item">
                  <input type="checkbox" checked={(permissions & bit) !== 0} disabled={!mayToggle} onChange={(event) => toggleBit(bit, event.target.checked)} />
                  <span>
                    {t(`permissions.${key}.name`)}
                    <span className="muted role-form__hint">{t(`permissions.${key}.description`)}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {errors.fields.permissions && <p className="field__error">{errors.fields.permissions}</p>}
      </fieldset>
      {editable && <SaveRow pending={pending} error={errors.general} saved={saved && !dirty} disabled={!dirty} />}
    </form>
  );
}

export function RoleEditor({ serverId, roleId }: { serverId: string; roleId: string }) {
  const server = useServer(serverId);
  const role = useServersStore((state) => state.roles[roleId]);
  const subject = usePermissionSubject(serverId);
  const navigate = useNavigate();
  if (!server || !subject) return null;
  if (!role || role.serverId !== serverId) {
    return (
      <div className="stack">
        <p className="muted">{t("roleEditor.missing")}</p>
        <Link to={`/app/servers/${serverId}/settings/roles`}>{t("roleEditor.back")}</Link>
      </div>
    );
  }
  const isDefault = role.id === server.defaultRoleId;
  const editable = canManageRole(subject, role) || (isDefault && hasPermission(subject, RolePermission.MANAGE_ROLES));
  const remove = () =>
    openModal((close) => (
      <ConfirmPanel
        title={t("roleEditor.deleteTitle", { name: role.name })}
        text={t("roleEditor.deleteText", { name: role.name })}
        confirmLabel={t("roleEditor.delete")}
        action={() => deleteRole(serverId, role.id)}
        close={close}
        done={() => navigate(`/app/servers/${serverId}/settings/roles`, { replace: true })}
      />
    ));

  return (
    <div className="stack" data-testid="role-editor">
      <Link className="server-settings__back" to={`/app/servers/${serverId}/settings/roles`}>
        ← {t("roleEditor.back")}
      </Link>
      <SettingsCard title={t("roleEditor.title", { name: role.name })} description={editable ? undefined : t("roleEditor.readOnly")}>
        <RoleForm key={role.id} role={role} isDefault={isDefault} editable={editable} />
      </SettingsCard>
      {!isDefault && !role.botRole && editable && (
        <SettingsCard title={t("roleEditor.deleteTitle", { name: role.name })} description={t("roleEditor.deleteHint")} danger>
          <div className="button-row">
            <Button variant="danger" onClick={remove}>
              {t("roleEditor.delete")}
            </Button>
          </div>
        </SettingsCard>
      )}
    </div>
  );
}
