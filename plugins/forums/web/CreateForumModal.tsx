/** "Create forum" in the server menu: a name, then one request that makes the forum channel. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState, type FormEvent } from "react";
import { createForum } from "./forumsApi";
import { t } from "./i18n";

function CreateForumPanel({ serverId, onCreated, close }: { serverId: string; onCreated: (channelId: string) => void; close: () => void }) {
  const [name, setName] = useState("");
  const action = useFormAction(["name"] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const made = await createForum(serverId, name.trim());
      close();
      onCreated(made.channel.id);
    });
  };
  return (
    <ModalPanel title={t("create.title")} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate data-testid="create-forum-form">
        <TextField label={t("create.name")} name="name" autoFocus maxLength={100} value={name} onChange={(event) => setName(event.target.value)} error={action.errors.fields.name} />
        <FormError message={action.errors.general} />
        <div className="button-row button-row--end">
          <Button type="button" onClick={close}>
            {t("create.cancel")}
          </Button>
          <Button type="submit" variant="primary" loading={action.pending} disabled={!name.trim()}>
            {t("create.submit")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

export function openCreateForumModal(serverId: string, onCreated: (channelId: string) => void): void {
  openModal((close) => <CreateForumPanel serverId={serverId} onCreated={onCreated} close={close} />);
}
