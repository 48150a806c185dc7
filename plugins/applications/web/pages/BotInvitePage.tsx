/** /app/bot/{appId}?perms=N (reached from /bot/{appId}): add a bot to a server you manage. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Avatar } from "@hearth/ui/Avatar";
import { BotTag } from "@hearth/ui/BotTag";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { addBotToServer, getBotCard } from "../applicationsApi";
import { t } from "../i18n";
import { parsePermissions } from "../permissions";
import { PermissionList } from "../PermissionPicker";
import { LoadedView, useLoaded } from "../shared";
import type { BotCard } from "../types";
import "../applications.css";

function AddForm({ card, permissions, appId }: { card: BotCard; permissions: number; appId: string }) {
  const servers = card.servers ?? [];
  const [serverId, setServerId] = useState(servers[0]?.id ?? "");
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);
  const { pending, errors, run } = useFormAction([] as const);
  const add = () =>
    run(async () => {
      setAdded(null);
      await addBotToServer(serverId, appId, permissions);
      setAdded(servers.find((server) => server.id === serverId) ?? null);
    });
  if (!servers.length) return <p className="muted">{t("invite.noServers")}</p>;
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <label className="field">
        <span className="field__label">{t("invite.server")}</span>
        <select className="field__input" value={serverId} onChange={(event) => setServerId(event.target.value)}>
          {servers.map((server) => (
            <option key={server.id} value={server.id}>
              {server.name}
            </option>
          ))}
        </select>
      </label>
      <div>
        <span className="field__label">{t("invite.permissions")}</span>
        <PermissionList bits={permissions} />
      </div>
      <FormError message={errors.general} />
      {added && (
        <p role="status" className="bot-invite__done">
          {t("invite.added", { server: added.name })} <Link to={`/app/servers/${encodeURIComponent(added.id)}`}>{t("invite.openServer")}</Link>
        </p>
      )}
      <div className="developer-card__actions">
        <Button type="submit" variant="primary" loading={pending} disabled={!serverId}>
          {t("invite.add")}
        </Button>
      </div>
    </form>
  );
}

export default function BotInvitePage() {
  const { appId = "" } = useParams();
  const [search] = useSearchParams();
  const permissions = parsePermissions(search.get("perms"));
  const { state, reload } = useLoaded(() => getBotCard(appId, true), appId);
  return (
    <div className="bot-invite" data-testid="bot-invite-page">
      <LayoutSlot name="headerTitle">{t("invite.title")}</LayoutSlot>
      <LoadedView state={state} retry={reload}>
        {(card) => (
          <section className="card bot-invite__card">
            <div className="bot-invite__banner" style={bannerStyle(card.bot.banner, card.bot.hexColor)} />
            <div className="bot-invite__head">
              <Avatar user={card.bot} size={72} />
              <h2>
                {card.bot.username}
                <span className="muted">:{card.bot.tag}</span> <BotTag />
              </h2>
              <p className="muted">{t("invite.by", { user: `${card.bot.application.creatorAccount.user.username}:${card.bot.application.creatorAccount.user.tag}` })}</p>
            </div>
            <AddForm card={card} permissions={permissions} appId={appId} />
          </section>
        )}
      </LoadedView>
    </div>
  );
}
