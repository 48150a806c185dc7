import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { t } from "../i18n/i18n";
import { sendResetPasswordCode } from "../session/authApi";
import { Button } from "../ui/Button";
import { FormError } from "../ui/form/FormError";
import { TextField } from "../ui/form/TextField";
import { useFormAction } from "../ui/form/useFormAction";

export function ResetRequestForm() {
  const [email, setEmail] = useState("");
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const { pending, errors, run } = useFormAction(["email"] as const);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setServerMessage(await sendResetPasswordCode(email)));
  };

  return (
    <>
      <form className="stack" onSubmit={submit} noValidate>
        {serverMessage && (
          <p className="notice" data-testid="reset-password-message">
            {serverMessage}
          </p>
        )}
        <TextField
          label={t("resetPassword.email")}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.fields.email}
          required
        />
        <FormError message={errors.general} />
        <Button type="submit" variant="primary" loading={pending}>
          {t("resetPassword.send")}
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/login">{t("resetPassword.backToLogin")}</Link>
      </div>
    </>
  );
}
