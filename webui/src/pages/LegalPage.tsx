import { t } from "../i18n/i18n";
import { PublicLayout } from "./PublicLayout";

const PRIVACY_SECTIONS = ["collect", "use", "storage", "rights", "contact"] as const;
const TERMS_SECTIONS = ["accounts", "conduct", "content", "availability", "changes"] as const;

export function PrivacyPage() {
  return (
    <PublicLayout narrow>
      <article className="legal card">
        <h1>{t("privacy.title")}</h1>
        <p className="legal__intro">{t("privacy.intro")}</p>
        {PRIVACY_SECTIONS.map((section) => (
          <section key={section}>
            <h2>{t(`privacy.sections.${section}.title`)}</h2>
            <p>{t(`privacy.sections.${section}.text`)}</p>
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}

export function TermsPage() {
  return (
    <PublicLayout narrow>
      <article className="legal card">
        <h1>{t("terms.title")}</h1>
        <p className="legal__intro">{t("terms.intro")}</p>
        {TERMS_SECTIONS.map((section) => (
          <section key={section}>
            <h2>{t(`terms.sections.${section}.title`)}</h2>
            <p>{t(`terms.sections.${section}.text`)}</p>
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
