/** "Create channel" / "Create category": the name first, then one request that creates it so named (rest.md §4.3). */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState, type FormEvent } from "react";
import { t } from "../i18n";
import { createChannel, orderChannels } from "../serversApi";
import { useServersStore } from "../serversStore";

export interface CreateChannelRequest {
  serverId: string;
  /** 1: a text channel, 2: a category. */
  type: 1 | 2;
  /** The category a new text channel goes into (at its end). */
  categoryId?: string;
  /** Called with the new channel's id once it exists (e.g. to show it). */
  onCreated?: (channelId: string) => void;
}

/** What the API accepts (2–100 characters, no `#`); null when the name is fine. */
export function channelNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 2 || trimmed.length > 100) return t("createChannel.length");
  if (trimmed.includes("#")) return t("createChannel.noHash");
  return null;
}

/** Creates the channel, then (in a category) moves it to the category's end. */
export async function createNamedChannel({ serverId, type, categoryId }: CreateChannelRequest, name: string): Promise<string> {
  const channel = await createChannel(serverId, type, name.trim());
  if (type === 1 && categoryId) {
    const siblings = Object.values(useServersStore.getState().channels)
      .filter((item) => item.serverId === serverId && item.categoryId === categoryId && item.id !== channel.id)
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .map((item) => item.id);
    await orderChannels(serverId, [...siblings, channel.id], categoryId);
  }
  return channel.id;
}

export function CreateChannelPanel({ request, close }: { request: CreateChannelRequest; close: () => void }) {
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const action = useFormAction(["name"] as const);
  const category = request.type === 2;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = channelNameProblem(name);
    setProblem(found);
    if (found) return;
    void action.run(async () => {
      const channelId = await createNamedChannel(request, name);
      close();
      request.onCreated?.(channelId);
    });
  };

  return (
    <ModalPanel title={category ? t("createChannel.categoryTitle") : t("createChannel.title")} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate data-testid="create-channel-form">
        <TextField
          label={category ? t("createChannel.categoryName") : t("createChannel.name")}
          name="name"
          autoFocus
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem ?? action.errors.fields.name}
        />
        <FormError message={action.errors.general} />
        <div className="button-row button-row--end">
          <Button type="button" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="primary" loading={action.pending} disabled={name.trim().length === 0}>
            {t("createChannel.create")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

export function openCreateChannelModal(request: CreateChannelRequest): void {
  openModal((close) => <CreateChannelPanel request={request} close={close} />);
}
