import { useState } from "react";
import { describeError } from "../api/requestErrors";
import { t } from "../i18n/i18n";
import { startSso, type SignInOptions } from "../session/ssoApi";
import { Button } from "../ui/Button";
import { FormError } from "../ui/form/FormError";

/** "Continue with <provider>" for each single sign-on provider; nothing when there is none.
 * `divider`: an "or" line, when a form comes before the buttons. */
export function SsoButtons({ options, divider = true }: { options: SignInOptions | null; divider?: boolean }) {
  const [going, setGoing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!options || options.providers.length === 0) return null;

  const go = async (providerId: string) => {
    setGoing(providerId);
    setError(null);
    try {
      window.location.assign(await startSso(providerId));
    } catch (failure) {
      setError(describeError(failure));
      setGoing(null);
    }
  };

  return (
    <div className="sso" role="group" aria-label={t("sso.groupLabel")}>
      {divider && (
        <p className="sso__divider" aria-hidden="true">
          <span>{t("sso.or")}</span>
        </p>
      )}
      {options.providers.map((provider) => (
        <Button key={provider.id} className="sso__button" loading={going === provider.id} onClick={() => void go(provider.id)}>
          {t("sso.continueWith", { name: provider.name })}
        </Button>
      ))}
      <FormError message={error} />
    </div>
  );
}
