/** /app/claim-imported/<token>: the real person behind an imported Discord author takes the
 * placeholder's messages in that server as theirs (the link the server's owner gave them). */
import { describeError } from "@hearth/api/requestErrors";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useState } from "react";
import { useParams } from "react-router";
import { claimPlaceholder } from "./importApi";
import { t } from "./i18n";
import "./import.css";

export default function ClaimPage() {
  const { token = "" } = useParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [moved, setMoved] = useState<number | null>(null);

  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      setMoved((await claimPlaceholder(token)).messages);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card discord-import discord-import--claim" data-testid="discord-claim">
      <h2>{t("claim.title")}</h2>
      <p className="muted">{t("claim.description")}</p>
      <FormError message={error} />
      {moved === null ? (
        <Button variant="primary" loading={busy} onClick={() => void claim()}>
          {t("claim.submit")}
        </Button>
      ) : (
        <p role="status">{t("claim.done", { count: moved })}</p>
      )}
    </section>
  );
}
