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

/**
 * Change the password — or, for an account made through single sign-on that has none
 * (`passwordSet` false), set a first one: no current password, and every session stays signed in.
 */
export function PasswordSection({ passwordSet = true, onSet }: { passwordSet?: boolean; onSet?: () => void }) {
  const [password, setPassword] = useState("");
  const [firstSet, setFirstSet] = useState(false);
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");

  const { pending, errors, done, submit } = useSettingsForm(FIELDS, async () => {
    const problem = checkNewPassword(newPassword, confirmPassword);
    if (problem) throw fieldError(problem.field === "new" ? "newPassword" : "confirmPassword", problem.message);
    const { newToken } = await updateAccount(passwordSet ? { password, newPassword } : { newPassword });
    if (newToken) replaceToken(newToken);
    setFirstSet(!passwordSet);
    if (!passwordSet) onSet?.();
    setPassword("");
    setNewPassword("");
    setConfirmPassword("");
  });

  return (
    <SettingsSection title={passwordSet ? t("password.title") : t("password.setTitle")}>
      <form className="stack" onSubmit={submit} noValidate>
        {passwordSet ? (
          <TextField
            label={t("common.currentPassword")}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.fields.password}
          />
        ) : (
          <p className="muted">{t("password.setIntro")}</p>
        )}
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
          submitLabel={passwordSet ? t("password.submit") : t("password.setSubmit")}
          pending={pending}
          error={errors.general}
          doneMessage={done ? (firstSet ? t("password.set") : t("password.changed")) : null}
        />
      </form>
    </SettingsSection>
  );
}
