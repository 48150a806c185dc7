import { useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { t } from "../i18n/i18n";
import { logIn } from "../session/authApi";
import { redirectTarget } from "../session/redirect";
import { hasToken, startSession } from "../session/token";
import { Button } from "../ui/Button";
import { FormError } from "../ui/form/FormError";
import { TextField } from "../ui/form/TextField";
import { useFormAction } from "../ui/form/useFormAction";
import { useSignInOptions } from "../session/ssoApi";
import { AuthCard } from "./AuthCard";
import { SsoButtons } from "./SsoButtons";

const FIELDS = ["identifier", "password"] as const;
/** The server reports username:tag problems on `email` too. */
const SERVER_PATHS = { email: "identifier", usernameAndTag: "identifier" } as const;

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const { pending, errors, run } = useFormAction(FIELDS, SERVER_PATHS);
  const [alreadySignedIn] = useState(hasToken);
  const target = redirectTarget(searchParams.get("redirect"));
  const signInOptions = useSignInOptions();

  if (alreadySignedIn) return <Navigate to={target} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      startSession(await logIn(identifier, password));
      navigate(target, { replace: true });
    });
  };

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <form className="stack" onSubmit={submit} noValidate>
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
        <Button type="submit" variant="primary" loading={pending}>
          {t("login.submit")}
        </Button>
      </form>
      <SsoButtons options={signInOptions} />
      <div className="auth-card__links">
        <Link to="/reset-password">{t("login.forgotPassword")}</Link>
        <Link to={{ pathname: "/register", search: searchParams.toString() }}>{t("login.createAccount")}</Link>
      </div>
    </AuthCard>
  );
}
