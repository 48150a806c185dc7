import { useState } from "react";
import { Button } from "@hearth/ui/Button";
import { EnableWizard } from "./EnableWizard";
import { promptForCode } from "./CodePrompt";
import { t } from "./i18n";
import { RecoveryCodes } from "./RecoveryCodes";
import { Section } from "./Section";
import { disable, regenerateCodes, type TwoFactorStatus } from "./twoFactorApi";

/** Turning the authenticator app on (the wizard) and off, and new recovery codes. */
export function TotpSection({ status, onChange }: { status: TwoFactorStatus; onChange: () => void }) {
  const [enabling, setEnabling] = useState(false);
  const [fresh, setFresh] = useState<string[] | null>(null);

  const finish = () => {
    setEnabling(false);
    setFresh(null);
    onChange();
  };

  const askToDisable = () =>
    promptForCode({
      title: t("totp.disableTitle"),
      confirmLabel: t("totp.disableSubmit"),
      danger: true,
      submit: async (password, code) => {
        await disable(password, code);
        onChange();
      },
    });

  const askToRegenerate = () =>
    promptForCode({
      title: t("totp.regenerateTitle"),
      message: t("totp.regenerateHint"),
      confirmLabel: t("totp.regenerateSubmit"),
      submit: async (password, code) => setFresh((await regenerateCodes(password, code)).recoveryCodes),
    });

  return (
    <Section title={t("totp.title")} testId="totp-section">
      {fresh ? (
        <RecoveryCodes codes={fresh} onDone={finish} />
      ) : enabling ? (
        <EnableWizard onCancel={() => setEnabling(false)} onDone={finish} />
      ) : (
        <>
          <p role="status" className={status.enabled ? "two-factor-status two-factor-status--on" : "two-factor-status"}>
            {status.enabled ? t("totp.on") : t("totp.off")}
          </p>
          {status.enabled && <p className="muted">{t("totp.recoveryLeft", { count: status.recoveryCodesLeft })}</p>}
          <div className="button-row">
            {status.enabled ? (
              <>
                <Button onClick={askToRegenerate}>{t("totp.regenerate")}</Button>
                <Button variant="danger" onClick={askToDisable}>
                  {t("totp.disable")}
                </Button>
              </>
            ) : (
              <Button variant="primary" onClick={() => setEnabling(true)}>
                {t("totp.enable")}
              </Button>
            )}
          </div>
        </>
      )}
    </Section>
  );
}
