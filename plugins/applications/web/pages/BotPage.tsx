/** /app/settings/developer/applications/{id}/bot: the bot's token — reveal, copy, reset. */
import { Avatar } from "@hearth/ui/Avatar";
import { BotTag } from "@hearth/ui/BotTag";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { useState } from "react";
import { useParams } from "react-router";
import { getBotToken, resetBotToken } from "../applicationsApi";
import { t } from "../i18n";
import { BotTabs, Card, CopyButton, DEVELOPER_ROOT, DeveloperFrame, LoadedView, useApplication } from "../shared";
import type { Application, BotUser } from "../types";

/** The bot page's frame: the bot's name, picture and tabs, then the tab's content. */
export function BotFrame({ title, children }: { title: string; children: (app: Application, botChanged: (bot: BotUser) => void) => React.ReactNode }) {
  const { appId = "" } = useParams();
  const { state, reload, set } = useApplication(appId);
  return (
    <DeveloperFrame title={title} back={{ to: `${DEVELOPER_ROOT}/${encodeURIComponent(appId)}`, label: t("bot.backToApp") }}>
      <LoadedView state={state} retry={reload}>
        {(app) =>
          app.botUser ? (
            <>
              <div className="developer-bot-head">
                <Avatar user={app.botUser} size={56} />
                <strong>
                  {app.botUser.username}:{app.botUser.tag}
                </strong>
                <BotTag />
              </div>
              <BotTabs appId={app.id} />
              {children(app, (bot) => set({ ...app, botUser: bot }))}
            </>
          ) : (
            <p className="muted">{t("bot.none")}</p>
          )
        }
      </LoadedView>
    </DeveloperFrame>
  );
}

function TokenCard({ app }: { app: Application }) {
  const [token, setToken] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [resetDone, setResetDone] = useState(false);
  const { pending, errors, run } = useFormAction([] as const);

  const reveal = () =>
    run(async () => {
      setToken((await getBotToken(app.id)).token);
      setShown(true);
    });
  const reset = () =>
    run(async () => {
      if (!(await confirmAction({ title: t("bot.resetTitle"), message: t("bot.resetMessage"), confirmLabel: t("bot.reset"), danger: true }))) return;
      await resetBotToken(app.id);
      setToken((await getBotToken(app.id)).token);
      setShown(true);
      setResetDone(true);
    });

  return (
    <Card title={t("bot.token")} description={t("bot.tokenHint")}>
      <div className="developer-token">
        <code data-testid="bot-token">{shown && token ? token : "•".repeat(32)}</code>
      </div>
      {resetDone && <p role="status">{t("bot.resetDone")}</p>}
      <FormError message={errors.general} />
      <div className="developer-card__actions">
        {shown ? <Button onClick={() => setShown(false)}>{t("common.hide")}</Button> : <Button loading={pending && !token} onClick={() => void reveal()}>{t("common.reveal")}</Button>}
        {token && <CopyButton text={token} label={t("bot.copyToken")} />}
        <Button variant="danger" loading={pending && Boolean(token)} onClick={() => void reset()}>
          {t("bot.reset")}
        </Button>
      </div>
    </Card>
  );
}

export default function BotPage() {
  return <BotFrame title={t("bot.title")}>{(app) => <TokenCard app={app} />}</BotFrame>;
}
