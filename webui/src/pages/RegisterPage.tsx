import { useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { t } from "../i18n/i18n";
import { EmailVerification } from "../session/EmailVerification";
import { redirectTarget } from "../session/redirect";
import { hasToken } from "../session/token";
import { useSignInOptions } from "../session/ssoApi";
import { AuthCard } from "./AuthCard";
import { ruleLines, useInstanceInfo } from "./instanceInfo";
import { RegisterForm } from "./RegisterForm";
import { SsoButtons } from "./SsoButtons";

/** Register, then confirm the e-mail on the same page (or skip that for now). */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [alreadySignedIn] = useState(hasToken);
  const [registered, setRegistered] = useState(false);
  const target = redirectTarget(searchParams.get("redirect"));
  const options = useSignInOptions();
  const mode = options?.registration ?? "open";
  const instance = useInstanceInfo();
  const instanceRules = ruleLines(instance?.rules ?? "");

  if (alreadySignedIn) return <Navigate to={target} replace />;

  const continueToApp = () => navigate(target, { replace: true });

  if (registered) {
    return (
      <AuthCard title={t("verifyEmail.title")} subtitle={t("verifyEmail.subtitle")}>
        <EmailVerification sendCodeOnOpen onVerified={continueToApp} onSkip={continueToApp} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("register.title")} subtitle={t("register.subtitle")}>
      <section className="rules" aria-labelledby="register-rules-title">
        <h2 id="register-rules-title" className="rules__title">
          {t("register.rules.title")}
        </h2>
        <ul className="rules__list" data-testid="register-rules">
          {instanceRules.length ? (
            instanceRules.map((rule, index) => <li key={index}>{rule}</li>)
          ) : (
            <>
              <li>{t("register.rules.age")}</li>
              <li>{t("register.rules.nsfw")}</li>
              <li>{t("register.rules.toxic")}</li>
            </>
          )}
        </ul>
        {instance?.contact && (
          <p className="rules__contact">
            {t("landing.instanceContact")}: {instance.contact}
          </p>
        )}
      </section>
      {mode === "closed" && <p className="auth-card__notice" role="status">{t("register.closed")}</p>}
      {mode === "sso" && <p className="auth-card__notice" role="status">{t("register.ssoOnly")}</p>}
      {(mode === "open" || mode === "invite") && (
        <RegisterForm needsInvite={mode === "invite"} onRegistered={() => setRegistered(true)} />
      )}
      {mode !== "closed" && <SsoButtons options={options} divider={mode !== "sso"} />}
      <div className="auth-card__links">
        <Link to={{ pathname: "/login", search: searchParams.toString() }}>{t("register.haveAccount")}</Link>
      </div>
    </AuthCard>
  );
}
