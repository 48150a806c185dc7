import { useState, type FormEvent } from "react";
import { t } from "../i18n/i18n";
import { register } from "../session/authApi";
import { startSession } from "../session/token";
import { Button } from "../ui/Button";
import { FormError } from "../ui/form/FormError";
import { TextField } from "../ui/form/TextField";
import { fieldError, useFormAction } from "../ui/form/useFormAction";
import { checkNewPassword } from "../session/passwordRules";

const FIELDS = ["email", "username", "password", "confirmPassword", "inviteCode"] as const;

/** `needsInvite`: the server registers only with an instance invite code. */
export function RegisterForm({ onRegistered, needsInvite = false }: { onRegistered: () => void; needsInvite?: boolean }) {
  const [email, setEmail] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [inviteCode, setInviteCode] = useState("");
  const { pending, errors, run } = useFormAction(FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = checkNewPassword(password, confirmPassword);
      if (problem) throw fieldError(problem.field === "new" ? "password" : "confirmPassword", problem.message);
      startSession(await register(email, username, password, needsInvite ? inviteCode : undefined));
      onRegistered();
    });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField
        label={t("register.email")}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.fields.email}
        required
      />
      <TextField
        label={t("register.username")}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errors.fields.username}
        required
      />
      <TextField
        label={t("register.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.fields.password}
        required
      />
      <TextField
        label={t("register.confirmPassword")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        error={errors.fields.confirmPassword}
        required
      />
      {needsInvite && (
        <TextField
          label={t("register.inviteCode")}
          name="inviteCode"
          autoComplete="off"
          value={inviteCode}
          onChange={(event) => setInviteCode(event.target.value)}
          error={errors.fields.inviteCode}
          required
        />
      )}
      <FormError message={errors.general} />
      <Button type="submit" variant="primary" loading={pending}>
        {t("register.submit")}
      </Button>
    </form>
  );
}
