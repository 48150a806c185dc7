import { t } from "../i18n/i18n";
import { type InstanceInfo, ruleLines } from "./instanceInfo";

/** The instance's rules and contact, as its staff wrote them (nothing when neither is set). */
export function InstanceDetails({ info, headingLevel }: { info: InstanceInfo; headingLevel: 2 | 3 }) {
  const rules = ruleLines(info.rules);
  if (!rules.length && !info.contact) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      className="instance-details card"
      aria-labelledby={rules.length ? "instance-rules-title" : undefined}
      aria-label={rules.length ? undefined : t("landing.instanceContact")}
      data-testid="instance-details"
    >
      {rules.length > 0 && (
        <>
          <Heading id="instance-rules-title" className="instance-details__title">
            {t("landing.instanceRules")}
          </Heading>
          <ol className="instance-details__rules">
            {rules.map((rule, index) => (
              <li key={index}>{rule}</li>
            ))}
          </ol>
        </>
      )}
      {info.contact && (
        <p className="instance-details__contact">
          <strong>{t("landing.instanceContact")}:</strong> {info.contact}
        </p>
      )}
    </section>
  );
}
