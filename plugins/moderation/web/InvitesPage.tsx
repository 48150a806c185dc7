/** /app/moderation/invites: the codes that open registration while it is invite-only (admins). */
import { describeError } from "@hearth/api/requestErrors";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { formatDateTime } from "@hearth/ui/format";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { t } from "./i18n";
import { createInvite, listInvites, revokeInvite, type InstanceInvite } from "./invitesApi";
import { ModerationFrame } from "./ModerationFrame";

function InviteRow({ invite, onRevoke }: { invite: InstanceInvite; onRevoke: () => void }) {
  const closed = invite.revoked || invite.uses >= invite.maxUses || (invite.expiresAt !== null && invite.expiresAt < Date.now());
  return (
    <li className="card moderation-row moderation-row--static" data-testid="instance-invite">
      <span className="moderation-row__main">
        <strong>
          <bdi>{invite.hint}</bdi>…
        </strong>
        <span className="muted">{t("invites.usage", { uses: invite.uses, max: invite.maxUses })}</span>
        <span className="muted">
          {invite.expiresAt === null ? t("invites.never") : t("invites.expires", { date: formatDateTime(invite.expiresAt) })}
        </span>
      </span>
      {invite.revoked ? (
        <span className="badge moderation-badge--danger">{t("invites.revoked")}</span>
      ) : (
        !closed && (
          <Button variant="danger" onClick={onRevoke}>
            {t("invites.revoke")}
          </Button>
        )
      )}
    </li>
  );
}

export default function InvitesPage() {
  const [invites, setInvites] = useState<InstanceInvite[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uses, setUses] = useState("1");
  const [hours, setHours] = useState("");
  const [made, setMade] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const reload = useCallback(() => listInvites().then(setInvites, (failure: unknown) => setError(describeError(failure))), []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const answer = await createInvite(Number(uses), hours.trim() ? Number(hours) : null);
      setMade(answer.code);
      await reload();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setPending(false);
    }
  };

  const revoke = async (invite: InstanceInvite) => {
    try {
      await revokeInvite(invite.id);
      await reload();
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <ModerationFrame title={t("invites.title")}>
      <p className="muted">{t("invites.intro")}</p>
      <form className="moderation-invite-form" onSubmit={(event) => void create(event)} noValidate>
        <TextField label={t("invites.uses")} name="maxUses" type="number" min={1} max={1000} value={uses} onChange={(e) => setUses(e.target.value)} />
        <TextField
          label={t("invites.hours")}
          hint={t("invites.hoursHint")}
          name="expiresInHours"
          type="number"
          min={1}
          max={8760}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
        />
        <Button type="submit" variant="primary" loading={pending}>
          {t("invites.create")}
        </Button>
      </form>
      {made && (
        <p className="card moderation-invite-code" role="status">
          {t("invites.created")} <code data-testid="new-invite-code">{made}</code>
        </p>
      )}
      <FormError message={error} />
      {invites === null && !error && <PaneLoading label={t("common.loading")} />}
      {invites?.length === 0 && <p className="muted">{t("common.empty")}</p>}
      {invites && invites.length > 0 && (
        <ul className="moderation-list">
          {invites.map((invite) => (
            <InviteRow key={invite.id} invite={invite} onRevoke={() => void revoke(invite)} />
          ))}
        </ul>
      )}
    </ModerationFrame>
  );
}
