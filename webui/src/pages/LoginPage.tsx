import { useEffect, useState, type ComponentType, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { t } from "../i18n/i18n";
import { LoginMethods, loginChallengeFor, type LoginChallengeProps } from "../plugins/extensions";
import { loadEnabledPlugins } from "../plugins/pluginLoader";
import { logIn } from "../session/authApi";
import { redirectTarget } from "../session/redirect";
import { hasToken, startSession } from "../session/token";
import { Button } from "../ui/Button";
import { FormError } from "../ui/form/FormError";
import { TextField } from "../ui/form/TextField";
import { LOGIN_CHALLENGE_KEY, useSignInOptions } from "../session/ssoApi";
import { fieldError, useFormAction } from "../ui/form/useFormAction";
import { AuthCard } from "./AuthCard";
import { SsoButtons } from "./SsoButtons";

const FIELDS = ["identifier", "password"] as const;
/** The server reports username:tag problems on `email` too. */
const SERVER_PATHS = { email: "identifier", usernameAndTag: "identifier" } as const;

interface PendingStep {
  Step: ComponentType<LoginChallengeProps>;
  challenge: unknown;
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const [step, setStep] = useState<PendingStep | null>(null);
  const { pending, errors, run } = useFormAction(FIELDS, SERVER_PATHS);
  const [alreadySignedIn] = useState(hasToken);
  const target = redirectTarget(searchParams.get("redirect"));
  const signInOptions = useSignInOptions();

  const storedChallenge = searchParams.get("challenge") === "sso";

  // Plugins may add ways in (a passkey) and steps after the password (a second factor); a single
  // sign-on that needs such a step left its challenge in the session's storage (finishSignIn.ts).
  useEffect(() => {
    if (alreadySignedIn) return;
    let live = true;
    loadEnabledPlugins()
      .catch(() => undefined)
      .then(() => {
        const stored = storedChallenge ? sessionStorage.getItem(LOGIN_CHALLENGE_KEY) : null;
        if (!stored || !live) return;
        sessionStorage.removeItem(LOGIN_CHALLENGE_KEY);
        const next = loginChallengeFor(JSON.parse(stored) as Record<string, unknown>);
        if (next) setStep(next);
      });
    return () => {
      live = false;
    };
  }, [alreadySignedIn, storedChallenge]);

  if (alreadySignedIn) return <Navigate to={target} replace />;

  const finish = (token: string) => {
    startSession(token);
    navigate(target, { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const reply = await logIn(identifier, password);
      if (reply.token) return finish(reply.token);
      const next = loginChallengeFor(reply);
      if (!next) throw fieldError("", t("login.unsupportedStep"));
      setStep(next);
    });
  };

  if (step) {
    return (
      <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
        <step.Step challenge={step.challenge} onToken={finish} onCancel={() => setStep(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t("login.identifier")}
          name="identifier"
          autoComplete="username webauthn"
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
      <LoginMethods onToken={finish} />
      <div className="auth-card__links">
        <Link to="/reset-password">{t("login.forgotPassword")}</Link>
        <Link to={{ pathname: "/register", search: searchParams.toString() }}>{t("login.createAccount")}</Link>
      </div>
    </AuthCard>
  );
}
