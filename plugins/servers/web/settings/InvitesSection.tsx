/** Invites (every member): yours (the owner sees all), a new one, deleting; a custom code for verified servers. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { formatDateTime } from "@hearth/ui/format";
import { useRequest } from "@hearth/ui/useRequest";
import { useState, type FormEvent } from "react";
import { ServerIcon } from "../components/icons";
import { usePermissionSubject, useServer } from "../hooks";
import { t } from "../i18n";
import { isOwner } from "../permissions";
import { createCustomInvite, createInvite, deleteInvite, errorText, fetchInvites, inviteLink } from "../serversApi";
import type { ServerInvite } from "../types";
import { ListState, SaveRow, SettingsCard } from "./ui";

function InviteRow({ serverId, invite, onDeleted }: { serverId: string; invite: ServerInvite; onDeleted: () => void }) {
  const [pending, setPending] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = inviteLink(invite.code);
  const remove = async () => {
    setPending(true);
    setError(null);
    try {
      await deleteInvite(serverId, invite.code);
      onDeleted();
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
      setPending(false);
    }
  };
  const copy = () => {
    void navigator.clipboard?.writeText(link).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <li className="settings-list__row invite-row" data-testid="invite-row" data-code={invite.code}>
      <span className="invite-row__main">
        <code className="invite-row__code" data-testid="invite-code">
          {invite.code}
        </code>
        {invite.isCustom && <span className="badge badge--ok">{t("invites.custom")}</span>}
        <span className="muted invite-row__link">{link}</span>
      </span>
      <span className="muted settings-list__meta">
        {t("invites.uses", { count: invite.uses })}
        {invite.createdBy ? ` · ${t("invites.by", { name: invite.createdBy.username })}` : ""} · {formatDateTime(invite.createdAt)}
      </span>
      {error && <span className="form-error">{error}</span>}
      <button type="button" className="icon-button" aria-label={copied ? t("invites.copied") : t("invites.copy")} title={copied ? t("invites.copied") : t("invites.copy")} onClick={copy}>
        <ServerIcon name="copy" size={18} />
      </button>
      <Button variant="ghost" loading={pending} onClick={() => void remove()}>
        {t("invites.delete")}
      </Button>
    </li>
  );
}

function CustomInviteForm({ serverId, onCreated }: { serverId: string; onCreated: () => void }) {
  const [code, setCode] = useState("");
  const { pending, errors, run } = useFormAction(["code"] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await createCustomInvite(serverId, code.trim());
      setCode("");
      onCreated();
    });
  };
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <TextField label={t("invites.customCode")} name="code" maxLength={32} value={code} onChange={(event) => setCode(event.target.value)} error={errors.fields.code} hint={t("invites.customHint")} />
      <SaveRow pending={pending} error={errors.general} label={t("invites.customSave")} disabled={code.trim().length < 2} />
    </form>
  );
}

export function InvitesSection({ serverId }: { serverId: string }) {
  const server = useServer(serverId);
  const subject = usePermissionSubject(serverId);
  const { data: invites = [], loading, error, reload, setData: setInvites } = useRequest(() => fetchInvites(serverId), [serverId], (failure) => errorText(failure, t("errors.generic")));
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const create = async () => {
    setCreating(true);
    setCreateError(null);
    try {
      const invite = await createInvite(serverId);
      setInvites((current) => [invite, ...(current ?? [])]);
    } catch (failure) {
      setCreateError(errorText(failure, t("errors.generic")));
    } finally {
      setCreating(false);
    }
  };

  if (!server || !subject) return null;
  const owner = isOwner(subject);

  return (
    <div className="stack">
      <SettingsCard
        title={t("settings.sections.invites")}
        description={owner ? t("invites.hintOwner") : t("invites.hint")}
        actions={
          <Button variant="primary" loading={creating} onClick={() => void create()}>
            {t("invites.create")}
          </Button>
        }
      >
        <FormError message={createError} />
        <ListState loading={loading} error={error} empty={invites.length === 0} emptyText={t("invites.empty")} retry={reload} />
        {!loading && invites.length > 0 && (
          <ul className="settings-list" data-testid="invite-list">
            {invites.map((invite) => (
              <InviteRow key={invite.code} serverId={serverId} invite={invite} onDeleted={() => setInvites((current) => current?.filter((item) => item.code !== invite.code))} />
            ))}
          </ul>
        )}
      </SettingsCard>
      {owner && (
        <SettingsCard title={t("invites.customTitle")} description={server.verified ? t("invites.customDescription") : t("invites.customVerifiedOnly")}>
          {server.verified && <CustomInviteForm serverId={serverId} onCreated={reload} />}
        </SettingsCard>
      )}
    </div>
  );
}
