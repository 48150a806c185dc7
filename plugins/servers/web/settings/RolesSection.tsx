/** Roles (MANAGE_ROLES): highest first, drag (or the arrows) to reorder, and a new role. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useState, type DragEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ServerIcon } from "../components/icons";
import { useMemberCounts, usePermissionSubject, useServer, useServerRoles } from "../hooks";
import { t } from "../i18n";
import { roleColour } from "../memberGroups";
import { reorderRoles, stepRole, type Placement } from "../ordering";
import { canManageRole } from "../permissions";
import { createRole, errorText, orderRoles } from "../serversApi";
import { SettingsCard } from "./ui";

export function RolesSection({ serverId }: { serverId: string }) {
  const server = useServer(serverId);
  const subject = usePermissionSubject(serverId);
  const roles = useServerRoles(serverId);
  const counts = useMemberCounts(serverId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<{ id: string; placement: Placement } | null>(null);
  if (!server || !subject) return null;

  const create = async () => {
    setCreating(true);
    setError(null);
    try {
      const role = await createRole(serverId);
      navigate(`/app/servers/${serverId}/settings/roles/${role.id}`);
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
    } finally {
      setCreating(false);
    }
  };

  const send = async (roleId: string, roleIds: string[] | null) => {
    if (!roleIds) return;
    setMoving(roleId);
    setError(null);
    try {
      await orderRoles(serverId, roleIds);
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
    } finally {
      setMoving(null);
    }
  };

  const onDragOver = (event: DragEvent<HTMLLIElement>, id: string) => {
    if (!dragged) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    const placement: Placement = event.clientY < rect.top + rect.height / 2 ? "before" : "after";
    if (over?.id !== id || over.placement !== placement) setOver({ id, placement });
  };

  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    if (dragged && over) void send(dragged, reorderRoles(roles, server.defaultRoleId, dragged, over.id, over.placement));
    setDragged(null);
    setOver(null);
  };

  return (
    <SettingsCard
      title={t("settings.sections.roles")}
      description={t("roles.hint")}
      actions={
        <Button variant="primary" loading={creating} onClick={() => void create()}>
          {t("roles.create")}
        </Button>
      }
    >
      <FormError message={error} />
      <ul className="settings-list" data-testid="role-list">
        {roles.map((role) => {
          const isDefault = role.id === server.defaultRoleId;
          const movable = !isDefault && canManageRole(subject, role);
          const count = counts ? (isDefault ? counts.count : counts.withRole(role.id)) : null;
          const dropClass = over?.id === role.id && dragged ? ` settings-list__row--drop-${over.placement}` : "";
          return (
            <li
              key={role.id}
              className={`settings-list__row${dropClass}`}
              data-testid="role-row"
              data-role-id={role.id}
              draggable={movable}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", role.id);
                setDragged(role.id);
              }}
              onDragOver={(event) => onDragOver(event, role.id)}
              onDrop={onDrop}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
            >
              <span className={`settings-list__grip${movable ? "" : " settings-list__grip--off"}`} aria-hidden="true">
                <ServerIcon name="grip" size={16} />
              </span>
              <span className="role-dot" style={{ background: roleColour(role.hexColor) ?? "var(--text-muted)" }} aria-hidden="true" />
              <Link className="settings-list__name" to={`/app/servers/${serverId}/settings/roles/${role.id}`}>
                {role.name}
              </Link>
              {count !== null && <span className="muted settings-list__meta">{t("roles.memberCount", { count })}</span>}
              {moving === role.id && <span className="spinner" role="status" aria-label={t("roles.moving")} />}
              {movable && (
                <span className="settings-list__steps">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t("roles.moveUp", { name: role.name })}
                    disabled={moving !== null || !stepRole(roles, server.defaultRoleId, role.id, "up")}
                    onClick={() => void send(role.id, stepRole(roles, server.defaultRoleId, role.id, "up"))}
                  >
                    <ServerIcon name="up" size={16} />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t("roles.moveDown", { name: role.name })}
                    disabled={moving !== null || !stepRole(roles, server.defaultRoleId, role.id, "down")}
                    onClick={() => void send(role.id, stepRole(roles, server.defaultRoleId, role.id, "down"))}
                  >
                    <ServerIcon name="down" size={16} />
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </SettingsCard>
  );
}
