import { formatDateTime } from "@hearth/ui/format";
import { t } from "./i18n";
import { Section } from "./Section";
import type { SecurityEvent } from "./twoFactorApi";

const KINDS = new Set([
  "enabled",
  "disabled",
  "recovery_regenerated",
  "code_accepted",
  "code_refused",
  "recovery_used",
  "passkey_added",
  "passkey_removed",
  "passkey_used",
  "passkey_refused",
  "password_set",
]);

function label(kind: string): string {
  return KINDS.has(kind) ? t(`events.kind.${kind}` as "events.kind.enabled") : kind;
}

/** The last things that happened to the account's two-factor, passkeys and first password, newest first. */
export function EventsSection({ events }: { events: SecurityEvent[] }) {
  return (
    <Section title={t("events.title")} testId="security-log">
      {events.length === 0 ? (
        <p className="muted">{t("events.empty")}</p>
      ) : (
        <ul className="security-log">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="security-log__row">
              <span>
                {label(event.kind)}
                {event.detail && event.kind.startsWith("passkey") ? ` · ${event.detail}` : ""}
              </span>
              <span className="muted">
                <bdi>{formatDateTime(event.at)}</bdi>
                {event.ip && (
                  <>
                    {" · "}
                    <bdi dir="ltr">{event.ip}</bdi>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
