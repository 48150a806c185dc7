import { useState } from "react";
import { Button } from "@hearth/ui/Button";
import { t } from "./i18n";

/** The ten recovery codes, shown once, with copy and download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join("\n") + "\n";

  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = t("recovery.fileName");
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="stack recovery-codes" data-testid="recovery-codes">
      <h3 className="two-factor-section__subtitle">{t("recovery.title")}</h3>
      <p className="muted">{t("recovery.hint")}</p>
      <ol className="recovery-codes__list" dir="ltr" aria-label={t("recovery.title")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <Button onClick={() => void copy()}>{copied ? t("wizard.copied") : t("recovery.copy")}</Button>
        <Button onClick={download}>{t("recovery.download")}</Button>
        <Button variant="primary" onClick={onDone}>
          {t("recovery.done")}
        </Button>
      </div>
    </div>
  );
}
