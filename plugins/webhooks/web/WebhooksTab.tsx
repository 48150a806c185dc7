/** Channel settings → Webhooks (ADMIN, spec §6): the list with "Create webhook", and one webhook at …/webhooks/{webhookId}. */
import { formatDate as formatIntlDate } from "@hearth/i18n/i18n";
import { describeError } from "@hearth/api/requestErrors";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { safeColour } from "@hearth/ui/safeStyle";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { ChannelEditorTabProps } from "../../servers/web/public";
import { t } from "./i18n";
import type { Webhook } from "./types";
import { createWebhook, deleteWebhook, executeUrl, fetchWebhookToken, getWebhook, listWebhooks, nameProblem, renameWebhook } from "./webhooksApi";
import "./webhooks.css";

const MAX_WEBHOOKS = 4;

function listPath(serverId: string, channelId: string): string {
  return `/app/servers/${serverId}/settings/channels/${channelId}/webhooks`;
}

function formatDate(ms: number): string {
  return formatIntlDate(ms, { year: "numeric", month: "short", day: "numeric" });
}

function WebhookAvatar({ webhook, size }: { webhook: Webhook; size: number }) {
  return <Avatar user={{ username: webhook.name, avatar: webhook.avatar, hexColor: webhook.hexColor }} size={size} />;
}

function WebhookList({ serverId, channelId }: { serverId: string; channelId: string }) {
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    let active = true;
    setLoadError(null);
    setWebhooks(null);
    listWebhooks(serverId, channelId).then(
      (rows) => active && setWebhooks(rows),
      (failure) => active && setLoadError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [serverId, channelId]);
  useEffect(load, [load]);

  const create = async () => {
    setCreating(true);
    setError(null);
    try {
      const webhook = await createWebhook(serverId, channelId);
      setWebhooks((rows) => [webhook, ...(rows ?? []).filter((row) => row.id !== webhook.id)]);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setCreating(false);
    }
  };

  const full = (webhooks?.length ?? 0) >= MAX_WEBHOOKS;
  return (
    <section className="card server-settings__card webhooks" aria-label={t("list.title")} data-testid="webhooks-list">
      <header className="server-settings__card-header">
        <h3>{t("list.title")}</h3>
        <Button variant="primary" loading={creating} disabled={webhooks === null || full} onClick={() => void create()}>
          {t("list.create")}
        </Button>
      </header>
      <p className="muted">{full ? t("list.full") : t("list.hint")}</p>
      <FormError message={error} />
      {webhooks === null && !loadError && <PaneLoading label={t("list.loading")} />}
      {loadError && (
        <div className="stack">
          <FormError message={loadError} />
          <div>
            <Button onClick={load}>{t("list.retry")}</Button>
          </div>
        </div>
      )}
      {webhooks?.length === 0 && <p className="muted">{t("list.empty")}</p>}
      {webhooks && webhooks.length > 0 && (
        <ul className="webhooks__list">
          {webhooks.map((webhook) => (
            <li key={webhook.id}>
              <Link className="webhooks__row" to={`${listPath(serverId, channelId)}/${webhook.id}`} aria-label={t("list.open", { name: webhook.name })} data-testid="webhook-row">
                <WebhookAvatar webhook={webhook} size={32} />
                <span className="webhooks__name">{webhook.name}</span>
                <span className="webhooks__meta muted">{t("detail.createdAt", { date: formatDate(webhook.createdAt) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NameForm({ serverId, webhook, onSaved }: { serverId: string; webhook: Webhook; onSaved: (webhook: Webhook) => void }) {
  const [name, setName] = useState(webhook.name);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty = name !== webhook.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || pending) return;
    setSaved(false);
    const problem = nameProblem(name);
    if (problem) {
      setError(t(`errors.${problem}`));
      return;
    }
    setPending(true);
    setError(null);
    try {
      onSaved(await renameWebhook(serverId, webhook.channelId, webhook.id, name));
      setSaved(true);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={t("detail.name")} name="name" maxLength={35} value={name} hint={t("detail.nameHint")} error={error} onChange={(event) => setName(event.target.value)} />
      <div className="button-row button-row--end">
        {saved && !dirty && (
          <p className="server-settings__saved" role="status">
            {t("detail.saved")}
          </p>
        )}
        <Button type="submit" variant="primary" loading={pending} disabled={!dirty}>
          {t("detail.save")}
        </Button>
      </div>
    </form>
  );
}

function UrlCard({ serverId, webhook }: { serverId: string; webhook: Webhook }) {
  const [url, setUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  const copy = async () => {
    setPending(true);
    setError(null);
    setCopied(null);
    try {
      const value = url ?? executeUrl(window.location.origin, webhook.id, await fetchWebhookToken(serverId, webhook.channelId, webhook.id));
      setUrl(value);
      try {
        await navigator.clipboard.writeText(value);
        setCopied(true);
      } catch {
        setCopied(false);
      }
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card server-settings__card" aria-label={t("detail.url")}>
      <header className="server-settings__card-header">
        <h3>{t("detail.url")}</h3>
      </header>
      <p className="muted">{t("detail.urlHint")}</p>
      {url && <input className="field__input webhooks__url" readOnly value={url} aria-label={t("detail.url")} data-testid="webhook-url" onFocus={(event) => event.currentTarget.select()} />}
      <FormError message={error} />
      <div className="button-row">
        <Button variant="primary" loading={pending} onClick={() => void copy()}>
          {pending ? t("detail.loadingUrl") : t("detail.copy")}
        </Button>
        {copied === true && (
          <p className="server-settings__saved" role="status">
            {t("detail.copied")}
          </p>
        )}
        {copied === false && (
          <p className="muted" role="status">
            {t("detail.copyFailed")}
          </p>
        )}
      </div>
    </section>
  );
}

function WebhookDetail({ serverId, channelId, webhookId }: { serverId: string; channelId: string; webhookId: string }) {
  const [webhook, setWebhook] = useState<Webhook | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const navigate = useNavigate();
  const back = listPath(serverId, channelId);

  useEffect(() => {
    let active = true;
    setWebhook(null);
    setLoadError(null);
    getWebhook(serverId, channelId, webhookId).then(
      (row) => active && setWebhook(row),
      (failure) => active && setLoadError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [serverId, channelId, webhookId]);

  const remove = async () => {
    if (!webhook) return;
    const confirmed = await confirmAction({
      title: t("detail.deleteTitle", { name: webhook.name }),
      message: t("detail.deleteText", { name: webhook.name }),
      confirmLabel: t("detail.delete"),
      danger: true,
    });
    if (!confirmed) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteWebhook(serverId, channelId, webhook.id);
      navigate(back, { replace: true });
    } catch (failure) {
      setDeleteError(describeError(failure));
      setDeleting(false);
    }
  };

  return (
    <div className="stack webhooks" data-testid="webhook-detail">
      <Link className="server-settings__back" to={back}>
        ← {t("detail.back")}
      </Link>
      {!webhook && !loadError && <PaneLoading label={t("detail.loading")} />}
      {loadError && <FormError message={loadError} />}
      {webhook && (
        <>
          <section className="card server-settings__card" aria-label={webhook.name}>
            <header className="webhooks__identity">
              <WebhookAvatar webhook={webhook} size={56} />
              <div className="stack">
                <h3>{webhook.name}</h3>
                <span className="muted">{t("detail.createdAt", { date: formatDate(webhook.createdAt) })}</span>
              </div>
            </header>
            <NameForm key={webhook.id} serverId={serverId} webhook={webhook} onSaved={setWebhook} />
            <dl className="webhooks__facts">
              <dt>{t("detail.colour")}</dt>
              <dd>
                <span className="webhooks__swatch" style={{ background: safeColour(webhook.hexColor) }} aria-hidden="true" />
                <code>{webhook.hexColor}</code>
              </dd>
              <dt>{t("detail.avatar")}</dt>
              <dd>{webhook.avatar ? <WebhookAvatar webhook={webhook} size={24} /> : <span className="muted">{t("detail.noAvatar")}</span>}</dd>
            </dl>
          </section>
          <UrlCard serverId={serverId} webhook={webhook} />
          <section className="card server-settings__card server-settings__card--danger" aria-label={t("detail.delete")}>
            <header className="server-settings__card-header">
              <h3>{t("detail.delete")}</h3>
            </header>
            <p className="muted">{t("detail.deleteHint")}</p>
            <FormError message={deleteError} />
            <div className="button-row">
              <Button variant="danger" loading={deleting} onClick={() => void remove()}>
                {deleting ? t("detail.deleting") : t("detail.delete")}
              </Button>
            </div>
          </section>
        </>
      )}
    </div>
  );
}

export function WebhooksTab({ serverId, channelId, rest }: ChannelEditorTabProps) {
  return rest[0] ? <WebhookDetail serverId={serverId} channelId={channelId} webhookId={rest[0]} /> : <WebhookList serverId={serverId} channelId={channelId} />;
}
