/** "Create thread": the name first (and when it hides itself), then one request that creates it on the message. */
import { openRightDrawer } from "./drawer";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useId, useState, type FormEvent } from "react";
import { t } from "./i18n";
import { createThread } from "./threadsApi";
import { openPanel, rememberThreads } from "./threadsStore";
import { suggestedName } from "./names";
import { AUTO_ARCHIVE_MINUTES } from "./types";

export interface CreateThreadRequest {
  channelId: string;
  messageId: string;
  /** The message's text, to suggest a name from. */
  content: string;
}

function CreateThreadPanel({ request, close }: { request: CreateThreadRequest; close: () => void }) {
  const [name, setName] = useState(() => suggestedName(request.content));
  const [minutes, setMinutes] = useState(1440);
  const [problem, setProblem] = useState<string | null>(null);
  const action = useFormAction(["name", "autoArchiveMinutes"] as const);
  const selectId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const found = trimmed.length < 1 || trimmed.length > 100 ? t("create.nameLength") : null;
    setProblem(found);
    if (found) return;
    void action.run(async () => {
      const thread = await createThread({ channelId: request.channelId, messageId: request.messageId, name: trimmed, autoArchiveMinutes: minutes });
      rememberThreads([thread]);
      close();
      openPanel({ kind: "thread", threadId: thread.id });
      openRightDrawer();
    });
  };

  return (
    <ModalPanel title={t("create.title")} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate data-testid="create-thread-form">
        <TextField
          label={t("create.name")}
          name="name"
          autoFocus
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem ?? action.errors.fields.name}
        />
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {t("create.archiveAfter")}
          </label>
          <select id={selectId} className="field__input" value={minutes} onChange={(event) => setMinutes(Number(event.target.value))}>
            {AUTO_ARCHIVE_MINUTES.map((value) => (
              <option key={value} value={value}>
                {t(`archive.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <FormError message={action.errors.general ?? action.errors.fields.autoArchiveMinutes ?? null} />
        <div className="button-row button-row--end">
          <Button type="button" onClick={close}>
            {t("create.cancel")}
          </Button>
          <Button type="submit" variant="primary" loading={action.pending} disabled={name.trim().length === 0}>
            {t("create.submit")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

export function openCreateThreadModal(request: CreateThreadRequest): void {
  openModal((close) => <CreateThreadPanel request={request} close={close} />);
}
