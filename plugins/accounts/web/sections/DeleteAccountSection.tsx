import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { endSession } from "@hearth/session/session";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { Button } from "@hearth/ui/Button";
import { deleteAccount } from "../accountsApi";
import { t } from "../i18n";
import { SettingsSection } from "../SettingsSection";

export function DeleteAccountSection() {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [deleteContent, setDeleteContent] = useState(false);
  const { pending, errors, run } = useFormAction(["password"] as const);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const confirmed = await confirmAction({
      title: t("deleteAccount.confirmTitle"),
      message: t("deleteAccount.confirmMessage"),
      confirmLabel: t("deleteAccount.submit"),
      danger: true,
    });
    if (!confirmed) return;
    await run(async () => {
      await deleteAccount(password, deleteContent);
      endSession();
      navigate("/", { replace: true });
    });
  };

  return (
    <SettingsSection title={t("deleteAccount.title")} description={t("deleteAccount.text")} danger>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t("deleteAccount.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.fields.password}
        />
        <label className="checkbox">
          <input type="checkbox" checked={deleteContent} onChange={(event) => setDeleteContent(event.target.checked)} />
          {t("deleteAccount.deleteContent")}
        </label>
        <FormError message={errors.general} />
        <div className="settings-section__actions">
          <Button type="submit" variant="danger" loading={pending}>
            {t("deleteAccount.submit")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
