import { useState } from "react";
import { fieldError } from "@hearth/ui/form/useFormAction";
import { checkNewPassword } from "@hearth/session/passwordRules";
import { replaceToken } from "@hearth/session/session";
import { TextField } from "@hearth/ui/form/TextField";
import { updateAccount } from "../accountsApi";
import { t } from "../i18n";
import { SectionActions, SettingsSection } from "../SettingsSection";
import { useSettingsForm } from "../useSettingsForm";

const FIELDS = ["password", "newPassword", "confirmPassword"] as const;

export function PasswordSection() {
  const [password, setPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");

  const { pending, errors, done, submit } = useSettingsForm(FIELDS, async () => {
    const problem = checkNewPassword(newPassword, confirmPassword);
    if (problem) throw fieldError(problem.field === "new" ? "newPassword" : "confirmPassword", problem.message);
    const { newToken } = await updateAccount({ password, newPassword });
    if (newToken) replaceToken(newToken);
    setPassword("");
    setNewPassword("");
    setConfirmPassword("");
  });

  return (
    <SettingsSection title={t("password.title")}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t("common.currentPassword")}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.fields.password}
        />
        <TextField
          label={t("password.newPassword")}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={errors.fields.newPassword}
        />
        <TextField
          label={t("password.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={errors.fields.confirmPassword}
        />
        <SectionActions
          submitLabel={t("password.submit")}
          pending={pending}
          error={errors.general}
          doneMessage={done ? t("password.changed") : null}
        />
      </form>
    </SettingsSection>
  );
}
