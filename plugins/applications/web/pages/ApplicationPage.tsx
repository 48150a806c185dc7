/** /app/settings/developer/applications/{id}: name, OAuth2 client, the bot, deletion. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { createBot, deleteApplication, refreshSecret, updateApplication } from "../applicationsApi";
import { NameFirst } from "../NameFirst";
import { t } from "../i18n";
import { Card, CopyButton, DEVELOPER_ROOT, DeveloperFrame, LoadedView, SaveForm, TextAreaField, useApplication } from "../shared";
import type { Application } from "../types";

function NameAndRedirects({ app, onSaved }: { app: Application; onSaved: (app: Application) => void }) {
  const [name, setName] = useState(app.name);
  const [uris, setUris] = useState(app.redirectUris.join("\n"));
  const [saved, setSaved] = useState(false);
  const { pending, errors, run } = useFormAction(["name", "redirectUris"] as const);
  const save = () =>
    run(async () => {
      setSaved(false);
      const redirectUris = uris.split("\n").map((line) => line.trim()).filter(Boolean);
      const result = await updateApplication(app.id, { name: name.trim(), redirectUris });
      onSaved({ ...app, name: result.name ?? app.name, redirectUris: result.redirectUris ?? app.redirectUris });
      setSaved(true);
    });
  return (
    <Card title={t("app.general")}>
      <SaveForm onSave={() => void save()} pending={pending} error={errors.general} saved={saved}>
        <TextField label={t("app.name")} value={name} maxLength={35} onChange={(event) => setName(event.target.value)} error={errors.fields.name} />
        <TextAreaField label={t("app.redirectUris")} value={uris} onChange={setUris} error={errors.fields.redirectUris} hint={t("app.redirectHint")} />
      </SaveForm>
    </Card>
  );
}

function OAuthClient({ app, onChange }: { app: Application; onChange: (app: Application) => void }) {
  const [shown, setShown] = useState(false);
  const { pending, errors, run } = useFormAction([] as const);
  const refresh = () =>
    run(async () => {
      if (!(await confirmAction({ title: t("app.refreshTitle"), message: t("app.refreshMessage"), confirmLabel: t("app.refresh"), danger: true }))) return;
      onChange(await refreshSecret(app.id));
      setShown(true);
    });
  return (
    <Card title={t("app.oauth")} description={t("app.oauthHint")}>
      <dl className="developer-facts">
        <dt>{t("app.clientId")}</dt>
        <dd>
          <code>{app.id}</code> <CopyButton text={app.id} label={t("common.copy")} />
        </dd>
        <dt>{t("app.clientSecret")}</dt>
        <dd>
          <code data-testid="client-secret">{shown ? app.clientSecret : "•".repeat(20)}</code>{" "}
          <Button onClick={() => setShown(!shown)}>{shown ? t("common.hide") : t("common.reveal")}</Button>{" "}
          {app.clientSecret && <CopyButton text={app.clientSecret} label={t("common.copy")} />}{" "}
          <Button loading={pending} onClick={() => void refresh()}>
            {t("app.refresh")}
          </Button>
        </dd>
      </dl>
      <FormError message={errors.general} />
    </Card>
  );
}

export default function ApplicationPage() {
  const { appId = "" } = useParams();
  const { state, reload, set } = useApplication(appId);
  const navigate = useNavigate();
  const deleting = useFormAction([] as const);
  const botPath = `${DEVELOPER_ROOT}/${encodeURIComponent(appId)}/bot`;

  const makeBot = async (username: string) => {
    await createBot(appId, username);
    navigate(botPath);
  };
  const remove = (app: Application) =>
    deleting.run(async () => {
      const confirmed = await confirmAction({ title: t("app.deleteTitle"), message: t("app.deleteMessage", { name: app.name }), confirmLabel: t("app.delete"), danger: true });
      if (!confirmed) return;
      await deleteApplication(app.id);
      navigate(DEVELOPER_ROOT);
    });

  return (
    <DeveloperFrame title={state.status === "ready" ? state.value.name : t("app.title")} back={{ to: DEVELOPER_ROOT, label: t("list.title") }}>
      <LoadedView state={state} retry={reload}>
        {(app) => (
          <>
            <NameAndRedirects key={app.id} app={app} onSaved={set} />
            <Card title={t("app.bot")} description={t("app.botHint")}>
              {app.botUser ? (
                <div className="developer-card__actions">
                  <span>
                    {app.botUser.username}:{app.botUser.tag}
                  </span>
                  <Link className="button button--primary" to={botPath}>
                    {t("app.openBot")}
                  </Link>
                </div>
              ) : (
                <NameFirst createLabel={t("app.createBot")} fieldLabel={t("nameFirst.botName")} hint={t("nameFirst.botHint")} field="username" create={makeBot} testId="create-bot" />
              )}
            </Card>
            <OAuthClient app={app} onChange={set} />
            <Card title={t("app.delete")} description={t("app.deleteHint")} danger>
              <FormError message={deleting.errors.general} />
              <div className="developer-card__actions">
                <Button variant="danger" loading={deleting.pending} onClick={() => void remove(app)}>
                  {t("app.delete")}
                </Button>
              </div>
            </Card>
          </>
        )}
      </LoadedView>
    </DeveloperFrame>
  );
}
