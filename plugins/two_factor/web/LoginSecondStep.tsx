import { useState, type FormEvent } from "react";
import type { LoginChallengeProps } from "@hearth/plugins/extensions";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { t } from "./i18n";
import { passkeyFailure } from "./passkeyErrors";
import { completeLogin, loginPasskeyOptions, type LoginChallenge } from "./twoFactorApi";
import { getPasskey, passkeysSupported } from "./webauthn";
import "./twoFactor.css";

/** The log-in page's second step: a code, a recovery code, or one of the account's passkeys. */
export function LoginSecondStep({ challenge, onToken, onCancel }: LoginChallengeProps) {
  const { ticket, methods } = challenge as LoginChallenge;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const { pending, errors, run } = useFormAction(["code"] as const);
  const passkey = methods.includes("passkey") && passkeysSupported();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onToken((await completeLogin(ticket, { code: code.trim() })).token));
  };

  const usePasskey = () =>
    void run(async () => {
      const { options } = await loginPasskeyOptions(ticket);
      let credential: Record<string, unknown>;
      try {
        credential = await getPasskey(options);
      } catch (error) {
        throw passkeyFailure(error);
      }
      onToken((await completeLogin(ticket, { passkey: credential })).token);
    });

  return (
    <div className="stack two-factor-login" data-testid="two-factor-step">
      <h2 className="two-factor-login__title">{t("login.title")}</h2>
      <p className="muted">{recovery ? t("login.recoveryHint") : t("login.hint")}</p>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          key={recovery ? "recovery" : "code"}
          label={recovery ? t("login.recoveryLabel") : t("login.codeLabel")}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          maxLength={recovery ? 24 : 6}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.fields.code}
          dir="ltr"
        />
        <FormError message={errors.general} />
        <Button type="submit" variant="primary" loading={pending}>
          {t("login.submit")}
        </Button>
      </form>
      <div className="two-factor-login__options">
        <Button variant="ghost" onClick={() => (setRecovery(!recovery), setCode(""))}>
          {recovery ? t("login.useCode") : t("login.useRecovery")}
        </Button>
        {passkey && (
          <Button variant="ghost" onClick={usePasskey} disabled={pending}>
            {t("login.usePasskey")}
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel}>
          {t("login.back")}
        </Button>
      </div>
    </div>
  );
}
