import { Link } from "react-router";
import { t } from "../i18n/i18n";
import { hasToken } from "../session/token";
import { InstanceDetails } from "./InstanceDetails";
import { useInstanceInfo } from "./instanceInfo";
import { PublicLayout } from "./PublicLayout";

const FEATURES = ["chat", "servers", "voice", "posts", "selfHosted", "plugins"] as const;

export function LandingPage() {
  const instance = useInstanceInfo();
  return (
    <PublicLayout>
      <section className="hero">
        {instance?.motd && (
          <p className="instance-motd" role="note" aria-label={t("landing.motd")} data-testid="instance-motd">
            {instance.motd}
          </p>
        )}
        <p className="hero__eyebrow">{t("landing.eyebrow")}</p>
        <h1 className="hero__title" data-testid="landing-title">
          {instance?.name || t("landing.title")}
        </h1>
        <p className="hero__lead">{instance?.description || t("landing.lead")}</p>
        <div className="hero__actions">
          {hasToken() ? (
            <Link className="button button--primary button--large" to="/app">
              {t("landing.openApp")}
            </Link>
          ) : (
            <>
              <Link className="button button--primary button--large" to="/register">
                {t("landing.register")}
              </Link>
              <Link className="button button--secondary button--large" to="/login">
                {t("landing.logIn")}
              </Link>
            </>
          )}
        </div>
      </section>
      {instance && <InstanceDetails info={instance} headingLevel={2} />}
      <section className="features" aria-label={t("landing.featuresTitle")}>
        {FEATURES.map((feature) => (
          <article key={feature} className="feature card">
            <h2 className="feature__title">{t(`landing.features.${feature}.title`)}</h2>
            <p className="feature__text">{t(`landing.features.${feature}.text`)}</p>
          </article>
        ))}
      </section>
    </PublicLayout>
  );
}
