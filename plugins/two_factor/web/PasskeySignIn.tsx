import type { LoginStepProps } from "@hearth/plugins/extensions";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { t } from "./i18n";
import { passkeyFailure } from "./passkeyErrors";
import { passkeyLogin, passkeyLoginOptions } from "./twoFactorApi";
import { getPasskey, passkeysSupported } from "./webauthn";
import "./twoFactor.css";

/** "Sign in with a passkey" under the log-in form: any passkey of this site, no password. */
export function PasskeySignIn({ onToken }: LoginStepProps) {
  const { pending, errors, run } = useFormAction([] as const);
  if (!passkeysSupported()) return null;

  const signIn = () =>
    void run(async () => {
      const { challengeId, options } = await passkeyLoginOptions();
      let credential: Record<string, unknown>;
      try {
        credential = await getPasskey(options);
      } catch (error) {
        throw passkeyFailure(error);
      }
      onToken((await passkeyLogin(challengeId, credential)).token);
    });

  return (
    <div className="stack passkey-sign-in">
      <p className="passkey-sign-in__or" aria-hidden="true">
        {t("login.or")}
      </p>
      <Button onClick={signIn} loading={pending}>
        {t("login.passkeySignIn")}
      </Button>
      <FormError message={errors.general} />
    </div>
  );
}
