import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { t } from "../i18n/i18n";
import { CHALLENGE_PATH, finishSignIn } from "../session/finishSignIn";
import { ssoLink, ssoRegister, type SignInAnswer, type SsoTicket } from "../session/ssoApi";
import { Button } from "../ui/Button";
import { FormError } from "../ui/form/FormError";
import { TextField } from "../ui/form/TextField";
import { useFormAction } from "../ui/form/useFormAction";
import { AuthCard } from "./AuthCard";

const NEW_FIELDS = ["username", "inviteCode"] as const;
const LINK_FIELDS = ["identifier", "password"] as const;

/** A provider identity no account has yet: make a new account for it, or link one you can log in to. */
export function SsoChoice({ ticket }: { ticket: SsoTicket }) {
  const navigate = useNavigate();
  const provider = ticket.provider.name;
  const done = (answer: SignInAnswer) => {
    const outcome = finishSignIn(answer);
    navigate(outcome.kind === "challenge" ? CHALLENGE_PATH : "/app", { replace: true });
  };

  return (
    <AuthCard title={t("sso.chooseTitle")} subtitle={t("sso.chooseSubtitle", { provider })}>
      {ticket.canRegister ? <NewAccount ticket={ticket} onDone={done} /> : <p className="muted">{t("sso.registrationClosed")}</p>}
      <LinkAccount ticket={ticket} onDone={done} />
      <div className="auth-card__links">
        <Link to="/login">{t("sso.backToLogin")}</Link>
      </div>
    </AuthCard>
  );
}

function NewAccount({ ticket, onDone }: { ticket: SsoTicket; onDone: (answer: SignInAnswer) => void }) {
  const [username, setUsername] = useState(ticket.username);
  const [inviteCode, setInviteCode] = useState("");
  const { pending, errors, run } = useFormAction(NEW_FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onDone(await ssoRegister(ticket.ticket, username, inviteCode)));
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="sso-new-title">
      <h2 id="sso-new-title" className="sso__heading">
        {t("sso.newAccount")}
      </h2>
      <TextField
        label={t("register.username")}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errors.fields.username}
        required
      />
      {ticket.registration === "invite" && (
        <TextField
          label={t("register.inviteCode")}
          name="inviteCode"
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

function LinkAccount({ ticket, onDone }: { ticket: SsoTicket; onDone: (answer: SignInAnswer) => void }) {
  const [identifier, setIdentifier] = useState(ticket.emailTaken && ticket.email ? ticket.email : "");
  const [password, setPassword] = useState("");
  const { pending, errors, run } = useFormAction(LINK_FIELDS, { email: "identifier", usernameAndTag: "identifier" });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onDone(await ssoLink(ticket.ticket, identifier, password)));
  };
  return (
    <form className="stack sso__link" onSubmit={submit} noValidate aria-labelledby="sso-link-title">
      <h2 id="sso-link-title" className="sso__heading">
        {t("sso.linkTitle")}
      </h2>
      <p className="muted">
        {ticket.emailTaken ? t("sso.emailTaken", { provider: ticket.provider.name }) : t("sso.linkHint", { provider: ticket.provider.name })}
      </p>
      <TextField
        label={t("login.identifier")}
        name="identifier"
        autoComplete="username"
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={errors.fields.identifier}
        required
      />
      <TextField
        label={t("login.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.fields.password}
        required
      />
      <FormError message={errors.general} />
      <Button type="submit" loading={pending}>
        {t("sso.linkSubmit")}
      </Button>
    </form>
  );
}
