import { useState, type FormEvent } from "react";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { t } from "./i18n";
import { RecoveryCodes } from "./RecoveryCodes";
import { confirmSetup, startSetup, type TotpSetup } from "./twoFactorApi";

/** Password → QR code and key → a code from the app → the recovery codes, once. */
export function EnableWizard({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [logOutOthers, setLogOutOthers] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);
  const { pending, errors, run } = useFormAction(["password", "code"] as const);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  if (!setup) {
    const begin = (event: FormEvent) => {
      event.preventDefault();
      void run(async () => setSetup(await startSetup(password)));
    };
    return (
      <form className="stack" onSubmit={begin} noValidate>
        <p className="muted">{t("wizard.passwordStep")}</p>
        <TextField
          label={t("common.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.fields.password}
        />
        <FormError message={errors.general} />
        <div className="button-row button-row--end">
          <Button onClick={onCancel}>{t("common.cancel")}</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {t("wizard.continue")}
          </Button>
        </div>
      </form>
    );
  }

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setCodes((await confirmSetup(code.trim(), logOutOthers)).recoveryCodes));
  };

  return (
    <form className="stack" onSubmit={confirm} noValidate data-testid="totp-wizard">
      <p>{t("wizard.scan")}</p>
      <div className="totp-wizard__pair">
        <img
          className="totp-wizard__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t("wizard.qrAlt")}
          width={164}
          height={164}
        />
        <div className="stack totp-wizard__secret">
          <span className="field__label" id="totp-secret-label">
            {t("wizard.secretLabel")}
          </span>
          <code className="totp-wizard__key" dir="ltr" aria-labelledby="totp-secret-label" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
          </code>
          <Button
            onClick={() => {
              void navigator.clipboard?.writeText(setup.secret).catch(() => undefined);
              setCopied(true);
            }}
          >
            {copied ? t("wizard.copied") : t("wizard.copySecret")}
          </Button>
        </div>
      </div>
      <TextField
        label={t("wizard.confirmCode")}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        dir="ltr"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.fields.code}
      />
      <label className="checkbox-row">
        <input type="checkbox" checked={logOutOthers} onChange={(event) => setLogOutOthers(event.target.checked)} />
        {t("wizard.logOutOthers")}
      </label>
      <FormError message={errors.general} />
      <div className="button-row button-row--end">
        <Button onClick={onCancel}>{t("common.cancel")}</Button>
        <Button type="submit" variant="primary" loading={pending}>
          {t("wizard.confirm")}
        </Button>
      </div>
    </form>
  );
}
