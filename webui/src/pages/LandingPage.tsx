import { Link } from "react-router";
import { t } from "../i18n/i18n";
import { hasToken } from "../session/token";
import { PublicLayout } from "./PublicLayout";

const FEATURES = ["chat", "servers", "voice", "posts", "selfHosted", "plugins"] as const;

export function LandingPage() {
  return (
    <PublicLayout>
      <section className="hero">
        <p className="hero__eyebrow">{t("landing.eyebrow")}</p>
        <h1 className="hero__title">{t("landing.title")}</h1>
        <p className="hero__lead">{t("landing.lead")}</p>
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
