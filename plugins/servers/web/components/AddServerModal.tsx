/** "Add a server": create one by name, or join one with an invite code or link. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { t } from "../i18n";
import { createServer, joinByInvite, parseInviteCode } from "../serversApi";
import { serverSlots } from "../slots";

function AddServerPanel({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<string>("create");
  const extraTabs = serverSlots.addServerTabs.use();
  const extra = extraTabs.find((added) => added.id === tab);
  const [name, setName] = useState("");
  const [invite, setInvite] = useState("");
  const create = useFormAction(["name"] as const);
  const join = useFormAction([] as const);

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    void create.run(async () => {
      const server = await createServer(name.trim());
      close();
      navigate(`/app/servers/${server.id}`);
    });
  };

  const onJoin = (event: FormEvent) => {
    event.preventDefault();
    const code = parseInviteCode(invite);
    if (!code) return;
    void join.run(async () => {
      const server = await joinByInvite(code);
      close();
      navigate(`/app/servers/${server.id}`);
    });
  };

  return (
    <ModalPanel title={t("add.title")} onClose={close}>
      <div className="server-tabs" role="tablist" aria-label={t("add.title")}>
        <button type="button" role="tab" aria-selected={tab === "create"} className={`server-tab${tab === "create" ? " server-tab--active" : ""}`} onClick={() => setTab("create")}>
          {t("add.createTab")}
        </button>
        <button type="button" role="tab" aria-selected={tab === "join"} className={`server-tab${tab === "join" ? " server-tab--active" : ""}`} onClick={() => setTab("join")}>
          {t("add.joinTab")}
        </button>
        {extraTabs.map((added) => (
          <button key={added.id} type="button" role="tab" aria-selected={tab === added.id} className={`server-tab${tab === added.id ? " server-tab--active" : ""}`} onClick={() => setTab(added.id)}>
            {added.label()}
          </button>
        ))}
      </div>
      {extra ? (
        <extra.Component close={close} />
      ) : tab === "create" ? (
        <form className="stack add-server__form" onSubmit={onCreate} noValidate>
          <p className="muted">{t("add.createHint")}</p>
          <TextField
            label={t("add.name")}
            name="name"
            autoFocus
            maxLength={35}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={create.errors.fields.name}
          />
          <FormError message={create.errors.general} />
          <div className="button-row button-row--end">
            <Button type="submit" variant="primary" loading={create.pending} disabled={name.trim().length === 0}>
              {t("add.create")}
            </Button>
          </div>
        </form>
      ) : (
        <form className="stack add-server__form" onSubmit={onJoin} noValidate>
          <p className="muted">{t("add.joinHint")}</p>
          <TextField label={t("add.invite")} name="invite" autoFocus value={invite} onChange={(event) => setInvite(event.target.value)} />
          <FormError message={join.errors.general} />
          <div className="button-row button-row--end">
            <Button type="submit" variant="primary" loading={join.pending} disabled={parseInviteCode(invite).length === 0}>
              {t("add.join")}
            </Button>
          </div>
        </form>
      )}
    </ModalPanel>
  );
}

export function openAddServerModal(): void {
  openModal((close) => <AddServerPanel close={close} />);
}
