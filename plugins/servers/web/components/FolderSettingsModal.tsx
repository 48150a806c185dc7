/** A rail folder's name and colour (`POST /servers/folders/{id}`). */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState, type FormEvent } from "react";
import { t } from "../i18n";
import { updateFolder } from "../serversApi";
import type { ServerFolder } from "../types";

function FolderPanel({ folder, close }: { folder: ServerFolder; close: () => void }) {
  const [name, setName] = useState(folder.name);
  const [colour, setColour] = useState(/^#[0-9a-f]{6}$/i.test(folder.color) ? folder.color : "#f28c38");
  const { pending, errors, run } = useFormAction(["name", "color"] as const);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await updateFolder(folder.id, { name: name.trim(), color: colour });
      close();
    });
  };

  return (
    <ModalPanel title={t("folder.settings")} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField label={t("folder.name")} name="name" autoFocus maxLength={100} value={name} onChange={(event) => setName(event.target.value)} error={errors.fields.name} hint={t("folder.nameHint")} />
        <label className="colour-field">
          <span className="field__label">{t("folder.colour")}</span>
          <input type="color" value={colour} onChange={(event) => setColour(event.target.value)} />
        </label>
        {errors.fields.color && <p className="field__error">{errors.fields.color}</p>}
        <FormError message={errors.general} />
        <div className="button-row button-row--end">
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {t("common.save")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

export function openFolderSettings(folder: ServerFolder): void {
  openModal((close) => <FolderPanel folder={folder} close={close} />);
}
