import { t } from "../i18n";

/** A section whose backend does not exist yet: said plainly, no made-up data. */
export function NotAvailable() {
  return (
    <p className="notice server-settings__unavailable" data-testid="settings-unavailable">
      {t("settings.notAvailable")}
    </p>
  );
}
