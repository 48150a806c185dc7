import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { t } from "../i18n/i18n";
import { resetPassword } from "../session/authApi";
import { checkNewPassword } from "../session/passwordRules";
import { startSession } from "../session/token";
import { Button } from "../ui/Button";
import { FormError } from "../ui/form/FormError";
import { TextField } from "../ui/form/TextField";
import { fieldError, useFormAction } from "../ui/form/useFormAction";

const FIELDS = ["newPassword", "confirmPassword"] as const;

export function NewPasswordForm({ code, userId }: { code: string; userId: string }) {
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const { pending, errors, run } = useFormAction(FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = checkNewPassword(newPassword, confirmPassword);
      if (problem) throw fieldError(problem.field === "new" ? "newPassword" : "confirmPassword", problem.message);
      startSession(await resetPassword(code, userId, newPassword));
      navigate("/app", { replace: true });
    });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField
        label={t("resetPassword.newPassword")}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={errors.fields.newPassword}
        required
      />
      <TextField
        label={t("resetPassword.confirmPassword")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        error={errors.fields.confirmPassword}
        required
      />
      <FormError message={errors.general} />
      <Button type="submit" variant="primary" loading={pending}>
        {t("resetPassword.change")}
      </Button>
    </form>
  );
}
