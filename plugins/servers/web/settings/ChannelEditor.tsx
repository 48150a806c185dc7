/** One channel or category: general (name, slow mode, icon, category, notice), per-role permissions, and tabs other bundles add (webhooks). */
import { request } from "@hearth/api/request";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { openModal } from "@hearth/ui/modal/modalStore";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState, type FormEvent } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { ConfirmPanel } from "../components/serverActions";
import { usePermissionSubject, useServer, useServerChannels, useServerRoles } from "../hooks";
import { t } from "../i18n";
import { roleColour } from "../memberGroups";
import { ChannelPermission, CHANNEL_PERMISSION_NAMES, isAdmin } from "../permissions";
import { deleteChannel, deleteChannelNotice, errorText, orderChannels, setChannelNotice, setChannelPermissions, updateChannel } from "../serversApi";
import { channelEditorTabs, serverSlots } from "../slots";
import { CATEGORY_TYPE, channelPermissionsUpdated, useServersStore } from "../serversStore";
import type { Server, ServerChannel, ServerRole } from "../types";
import { SaveRow, SelectField, SettingsCard } from "./ui";

const SLOW_MODE_OPTIONS = [0, 3, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600];

const CHANNEL_PERMISSION_KEYS = { PUBLIC_CHANNEL: "view", SEND_MESSAGE: "send", JOIN_VOICE: "voice" } as const;

function slowModeLabel(seconds: number): string {
  if (seconds === 0) return t("channelEditor.slowModeOff");
  if (seconds < 60) return t("channelEditor.seconds", { count: seconds });
  if (seconds < 3600) return t("channelEditor.minutes", { count: seconds / 60 });
  return t("channelEditor.hours", { count: seconds / 3600 });
}

function GeneralForm({ server, channel }: { server: Server; channel: ServerChannel }) {
  const isCategory = channel.type === CATEGORY_TYPE;
  const [name, setName] = useState(channel.name ?? "");
  const [slowMode, setSlowMode] = useState(channel.slowModeSeconds ?? 0);
  const [icon, setIcon] = useState(channel.icon ?? "");
  const [saved, setSaved] = useState(false);
  const { pending, errors, run } = useFormAction(["name", "slowModeSeconds", "icon"] as const);

  const changes: Record<string, unknown> = {};
  if (name.trim() !== (channel.name ?? "")) changes.name = name.trim();
  if (!isCategory && slowMode !== (channel.slowModeSeconds ?? 0)) changes.slowModeSeconds = slowMode;
  if (!isCategory && (icon.trim() || null) !== (channel.icon ?? null)) changes.icon = icon.trim() || null;
  const dirty = Object.keys(changes).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void run(async () => {
      await updateChannel(server.id, channel.id, changes);
      setSaved(true);
    });
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <TextField label={t("channelEditor.name")} name="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} error={errors.fields.name} />
      {!isCategory && (
        <>
          <SelectField label={t("channelEditor.slowMode")} value={String(slowMode)} onChange={(value) => setSlowMode(Number(value))} hint={t("channelEditor.slowModeHint")}>
            {SLOW_MODE_OPTIONS.map((seconds) => (
              <option key={seconds} value={seconds}>
                {slowModeLabel(seconds)}
              </option>
            ))}
          </SelectField>
          {errors.fields.slowModeSeconds && <p className="field__error">{errors.fields.slowModeSeconds}</p>}
          <TextField label={t("channelEditor.icon")} name="icon" maxLength={100} value={icon} onChange={(event) => setIcon(event.target.value)} error={errors.fields.icon} hint={t("channelEditor.iconHint")} />
        </>
      )}
      <SaveRow pending={pending} error={errors.general} saved={saved && !dirty} disabled={!dirty} />
    </form>
  );
}

/** Moves a text channel into a category (or out of one): appended at the end there. */
function CategoryPicker({ server, channel }: { server: Server; channel: ServerChannel }) {
  const channels = useServerChannels(server.id);
  const categories = channels.filter((item) => item.type === CATEGORY_TYPE);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const move = async (categoryId: string) => {
    setPending(true);
    setError(null);
    try {
      const siblings = channels
        .filter((item) => item.id !== channel.id && (item.categoryId ?? "") === categoryId)
        .map((item) => item.id);
      await orderChannels(server.id, [...siblings, channel.id], categoryId || null);
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="stack">
      <SelectField label={t("channelEditor.category")} value={channel.categoryId ?? ""} onChange={(value) => void move(value)}>
        <option value="">{t("channelEditor.noCategory")}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      {pending && (
        <PaneLoading label={t("channelEditor.moving")} />
      )}
      <FormError message={error} />
    </div>
  );
}

function NoticeForm({ server, channel }: { server: Server; channel: ServerChannel }) {
  const [content, setContent] = useState("");
  const [existing, setExisting] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const { pending, errors, run } = useFormAction(["content"] as const);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let active = true;
    // optional: "no notice" answers {notice: null} instead of a 400 the browser would log
    request<{ notice: { content: string } | null }>({ path: `/channels/${encodeURIComponent(channel.id)}/notice`, query: { optional: true } }).then(
      ({ notice }) => {
        if (!active) return;
        setExisting(notice?.content ?? null);
        setContent(notice?.content ?? "");
        setLoading(false);
      },
      () => active && setLoading(false),
    );
    return () => {
      active = false;
    };
  }, [channel.id]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void run(async () => {
      if (content.trim()) {
        await setChannelNotice(server.id, channel.id, content.trim());
        setExisting(content.trim());
      } else if (existing !== null) {
        await deleteChannelNotice(server.id, channel.id);
        setExisting(null);
      }
      setSaved(true);
    });
  };

  const tooLong = content.trim().length > 300;
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <label className="field">
        <span className="field__label">{t("channelEditor.notice")}</span>
        <textarea className="field__input notice-input" rows={3} value={content} disabled={loading} onChange={(event) => setContent(event.target.value)} aria-invalid={tooLong || undefined} />
        <span className={tooLong ? "field__error" : "field__hint"}>{tooLong ? t("channelEditor.noticeTooLong") : t("channelEditor.noticeHint")}</span>
      </label>
      {errors.fields.content && <p className="field__error">{errors.fields.content}</p>}
      <SaveRow pending={pending} error={errors.general} saved={saved} disabled={loading || tooLong || content.trim() === (existing ?? "")} />
    </form>
  );
}

function PermissionRow({ server, channel, role }: { server: Server; channel: ServerChannel; role: ServerRole }) {
  const stored = channel.permissions?.find((entry) => entry.roleId === role.id)?.permissions ?? 0;
  // Shown at once while the request runs; the reply (and the event) then set the stored value.
  const [optimistic, setOptimistic] = useState<number | null>(null);
  const bits = optimistic ?? stored;
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (name: keyof typeof ChannelPermission, on: boolean) => {
    const bit = ChannelPermission[name];
    const next = on ? bits | bit : bits & ~bit;
    setPending(name);
    setOptimistic(next);
    setError(null);
    try {
      channelPermissionsUpdated(await setChannelPermissions(server.id, channel.id, role.id, next));
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
    } finally {
      setOptimistic(null);
      setPending(null);
    }
  };
  const names = channel.type === CATEGORY_TYPE ? CHANNEL_PERMISSION_NAMES.filter((name) => name === "PUBLIC_CHANNEL") : CHANNEL_PERMISSION_NAMES;
  return (
    <li className="channel-permission-row" data-testid="channel-permission-row" data-role-id={role.id} aria-label={role.name}>
      <span className="channel-permission-row__role">
        <span className="role-dot" style={{ background: roleColour(role.hexColor) ?? "var(--text-muted)" }} aria-hidden="true" />
        {role.id === server.defaultRoleId ? t("channelEditor.everyone", { name: role.name }) : role.name}
      </span>
      <span className="channel-permission-row__toggles">
        {names.map((name) => (
          <label key={name} className="checkbox channel-permission-row__toggle">
            <input type="checkbox" checked={(bits & ChannelPermission[name]) !== 0} disabled={pending !== null} onChange={(event) => void toggle(name, event.target.checked)} />
            {t(`channelEditor.permissions.${CHANNEL_PERMISSION_KEYS[name]}`)}
            {pending === name && <span className="spinner" aria-hidden="true" />}
          </label>
        ))}
      </span>
      {error && (
        <p className="form-error channel-permission-row__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function PermissionsTab({ server, channel }: { server: Server; channel: ServerChannel }) {
  const roles = useServerRoles(server.id);
  return (
    <SettingsCard title={t("channelEditor.permissionsTitle")} description={t("channelEditor.permissionsHint")}>
      <ul className="channel-permissions" data-testid="channel-permissions">
        {roles.map((role) => (
          <PermissionRow key={role.id} server={server} channel={channel} role={role} />
        ))}
      </ul>
    </SettingsCard>
  );
}

export function ChannelEditor({ serverId, channelId, tab = "general", rest = [] }: { serverId: string; channelId: string; tab?: string; rest?: string[] }) {
  const server = useServer(serverId);
  const contributedTabs = channelEditorTabs(serverSlots.channelEditorTabs.use());
  const channel = useServersStore((state) => state.channels[channelId]);
  const subject = usePermissionSubject(serverId);
  const navigate = useNavigate();
  if (!server || !subject) return null;
  const base = `/app/servers/${serverId}/settings/channels`;
  if (!channel || channel.serverId !== serverId) {
    return (
      <div className="stack">
        <p className="muted">{t("channelEditor.missing")}</p>
        <Link to={base}>{t("channelEditor.back")}</Link>
      </div>
    );
  }
  const isCategory = channel.type === CATEGORY_TYPE;
  const admin = isAdmin(subject);
  const tabs = [
    { id: "general", label: t("channelEditor.tabs.general") },
    { id: "permissions", label: t("channelEditor.tabs.permissions") },
    ...(admin ? contributedTabs.filter((entry) => !isCategory || entry.categories).map((entry) => ({ id: entry.id, label: entry.label() })) : []),
  ];
  const Contributed = contributedTabs.find((entry) => entry.id === tab)?.component;
  const current = tabs.some((entry) => entry.id === tab) ? tab : "general";
  const remove = () =>
    openModal((close) => (
      <ConfirmPanel
        title={t("channelEditor.deleteTitle", { name: channel.name ?? "" })}
        text={isCategory ? t("channelEditor.deleteCategoryText") : t("channelEditor.deleteText", { name: channel.name ?? "" })}
        confirmLabel={t("channelEditor.delete")}
        action={() => deleteChannel(serverId, channel.id)}
        close={close}
        done={() => navigate(base, { replace: true })}
      />
    ));

  return (
    <div className="stack" data-testid="channel-editor">
      <Link className="server-settings__back" to={base}>
        ← {t("channelEditor.back")}
      </Link>
      <h3 className="channel-editor__title">{isCategory ? t("channelEditor.categoryTitle", { name: channel.name ?? "" }) : t("channelEditor.title", { name: channel.name ?? "" })}</h3>
      <nav className="server-tabs" aria-label={t("channelEditor.tabsLabel")}>
        {tabs.map((entry) => (
          <NavLink
            key={entry.id}
            to={entry.id === "general" ? `${base}/${channel.id}` : `${base}/${channel.id}/${entry.id}`}
            end
            className={() => `server-tab${current === entry.id ? " server-tab--active" : ""}`}
            aria-current={current === entry.id ? "page" : undefined}
          >
            {entry.label}
          </NavLink>
        ))}
      </nav>
      {current === "general" && (
        <>
          <SettingsCard title={t("channelEditor.generalTitle")}>
            <GeneralForm key={channel.id} server={server} channel={channel} />
          </SettingsCard>
          {!isCategory && (
            <SettingsCard title={t("channelEditor.placementTitle")}>
              <CategoryPicker server={server} channel={channel} />
            </SettingsCard>
          )}
          {!isCategory && (
            <SettingsCard title={t("channelEditor.noticeTitle")}>
              <NoticeForm key={channel.id} server={server} channel={channel} />
            </SettingsCard>
          )}
          {channel.id !== server.defaultChannelId && (
            <SettingsCard title={t("channelEditor.deleteTitle", { name: channel.name ?? "" })} description={t("channelEditor.deleteHint")} danger>
              <div className="button-row">
                <Button variant="danger" onClick={remove}>
                  {t("channelEditor.delete")}
                </Button>
              </div>
            </SettingsCard>
          )}
        </>
      )}
      {current === "permissions" && <PermissionsTab server={server} channel={channel} />}
      {Contributed && current === tab && <Contributed serverId={serverId} channelId={channel.id} rest={rest} />}
    </div>
  );
}
