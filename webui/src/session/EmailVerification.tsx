import { useEffect, useRef, useState, type FormEvent } from "react";
import { isRequestError } from "../api/requestErrors";
import { t } from "../i18n/i18n";
import { updateSelfUser } from "../stores/selfUserStore";
import { Button } from "../ui/Button";
import { FormError } from "../ui/form/FormError";
import { TextField } from "../ui/form/TextField";
import { fieldError, useFormAction } from "../ui/form/useFormAction";
import { useCountdown } from "../ui/useCountdown";
import { sendEmailVerifyCode, verifyEmail } from "./authApi";

const CODE_PATTERN = /^\d{5}$/;

interface EmailVerificationProps {
  /** Ask the server for a code as soon as this shows (right after registering). */
  sendCodeOnOpen?: boolean;
  onVerified?: () => void;
  onSkip?: () => void;
}

/**
 * Sends the 5-digit e-mail confirmation code and checks it. The server's reply is shown
 * as is: without mail configured it carries the code itself.
 */
export function EmailVerification({ sendCodeOnOpen = false, onVerified, onSkip }: EmailVerificationProps) {
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsUntilResend = useCountdown(resendAt);
  const sending = useFormAction([] as const);
  const verifying = useFormAction(["code"] as const);
  const sentOnOpen = useRef(false);

  const sendCode = () =>
    sending.run(async () => {
      try {
        setServerMessage(await sendEmailVerifyCode());
      } catch (error) {
        if (isRequestError(error) && typeof error.ttl === "number") setResendAt(Date.now() + error.ttl);
        throw error;
      }
    });

  useEffect(() => {
    if (!sendCodeOnOpen || sentOnOpen.current) return;
    sentOnOpen.current = true;
    void sendCode();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verifying.run(async () => {
      if (!CODE_PATTERN.test(code.trim())) throw fieldError("code", t("verifyEmail.codeFormat"));
      await verifyEmail(code.trim());
      updateSelfUser({ emailConfirmed: true });
      onVerified?.();
    });
  };

  const resendLabel = serverMessage ? t("verifyEmail.resend") : t("verifyEmail.send");

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {serverMessage && (
        <p className="notice" data-testid="verify-email-message">
          {serverMessage}
        </p>
      )}
      <TextField
        label={t("verifyEmail.codeLabel")}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={5}
        pattern="[0-9]{5}"
        placeholder="12345"
        error={verifying.errors.fields.code}
      />
      <FormError message={verifying.errors.general ?? sending.errors.general} />
      <Button type="submit" variant="primary" loading={verifying.pending}>
        {t("verifyEmail.verify")}
      </Button>
      <div className="button-row button-row--spread">
        <Button onClick={sendCode} loading={sending.pending} disabled={secondsUntilResend > 0}>
          {secondsUntilResend > 0 ? t("verifyEmail.resendIn", { seconds: secondsUntilResend }) : resendLabel}
        </Button>
        {onSkip && (
          <Button variant="ghost" onClick={onSkip}>
            {t("verifyEmail.skip")}
          </Button>
        )}
      </div>
    </form>
  );
}
