import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { describeError } from "../api/requestErrors";
import { t } from "../i18n/i18n";
import { CHALLENGE_PATH, finishSignIn } from "../session/finishSignIn";
import { finishSso, type SsoTicket } from "../session/ssoApi";
import { FormError } from "../ui/form/FormError";
import { AuthCard } from "./AuthCard";
import { SsoChoice } from "./SsoChoice";

/** /login/sso/<provider>?code=&state= — where the provider sends the browser back: the server
 * finishes the sign-in, then this page opens the app, asks to register or link, or hands a
 * second-factor challenge to the log-in page. */
export function SsoReturnPage() {
  const { providerId = "" } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [ticket, setTicket] = useState<SsoTicket | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return; // the state is used once: never post it twice (StrictMode, re-renders)
    asked.current = true;
    finishSso(providerId, query).then(
      (answer) => {
        const outcome = finishSignIn(answer);
        if (outcome.kind === "signedIn") navigate("/app", { replace: true });
        else if (outcome.kind === "challenge") navigate(CHALLENGE_PATH, { replace: true });
        else setTicket(outcome.ticket);
      },
      (failure) => setError(describeError(failure)),
    );
  }, [navigate, providerId, query]);

  if (ticket) return <SsoChoice ticket={ticket} />;
  return (
    <AuthCard title={error ? t("sso.failedTitle") : t("sso.returning")}>
      <FormError message={error} />
      {error && (
        <div className="auth-card__links">
          <Link to="/login">{t("sso.backToLogin")}</Link>
        </div>
      )}
    </AuthCard>
  );
}
