import { useCallback, useEffect, useState } from "react";
import { describeError } from "@hearth/api/requestErrors";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { EventsSection } from "./EventsSection";
import { t } from "./i18n";
import { PasskeysSection } from "./PasskeysSection";
import { TotpSection } from "./TotpSection";
import { getEvents, getPasskeys, getStatus, type Passkey, type SecurityEvent, type TwoFactorStatus } from "./twoFactorApi";
import "./twoFactor.css";

interface Loaded {
  status: TwoFactorStatus;
  passkeys: Passkey[];
  events: SecurityEvent[];
}

/** /app/settings/account/two-factor */
export default function TwoFactorSettingsPage() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [status, passkeys, events] = await Promise.all([getStatus(), getPasskeys(), getEvents()]);
      setLoaded({ status, passkeys, events });
      setError(null);
    } catch (failure) {
      setError(describeError(failure));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  if (error && !loaded) {
    return (
      <div className="two-factor-page">
        <FormError message={`${t("common.loadFailed")} ${error}`} />
        <Button onClick={() => void reload()}>{t("common.retry")}</Button>
      </div>
    );
  }
  if (!loaded) return <PaneLoading />;

  const refresh = () => void reload();
  return (
    <div className="two-factor-page">
      <header>
        <h1 className="two-factor-page__title">{t("page.title")}</h1>
        <p className="muted">{t("page.subtitle")}</p>
      </header>
      <TotpSection status={loaded.status} onChange={refresh} />
      <PasskeysSection passkeys={loaded.passkeys} onChange={refresh} />
      <EventsSection events={loaded.events} />
    </div>
  );
}
