/** /app/hello: a greeting from the server, the waves received (live), and a form to wave. */
import { request } from "@hearth/api/request";
import { describeError } from "@hearth/api/requestErrors";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { emitSocketEvent } from "@hearth/socket/socketClient";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState, type FormEvent } from "react";
import { useHelloStore } from "./helloStore";
import { t } from "./i18n";
import "./hello.css";

export default function HelloPage() {
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [to, setTo] = useState("");
  const [sent, setSent] = useState(false);
  const { waves, waved, waveError } = useHelloStore();

  useEffect(() => {
    request<{ message: string }>({ path: "/hello" }).then(({ message }) => setMessage(message), (failure) => setError(describeError(failure)));
    request<{ count: number }>({ path: "/hello/waves" }).then(({ count }) => useHelloStore.setState({ waves: count }), (failure) => setError(describeError(failure)));
  }, []);

  const wave = (event: FormEvent) => {
    event.preventDefault();
    useHelloStore.setState({ waveError: null });
    emitSocketEvent("hello:wave", { to: to.trim() });
    setSent(true);
  };

  return (
    <section className="hello-page stack" data-testid="hello-page">
      <LayoutSlot name="headerTitle">{t("title")}</LayoutSlot>
      <FormError message={error} />
      {message === null && !error ? <PaneLoading label={t("loading")} /> : <h2>{message}</h2>}
      {waves !== null && <p data-testid="hello-waves">{t("waves", { count: waves })}</p>}
      {waved && <p role="status">{t("wavedAtYou")}</p>}
      <form className="hello-form card stack" onSubmit={wave} aria-label={t("form.label")}>
        <TextField label={t("form.userId")} name="to" value={to} onChange={(event) => setTo(event.target.value)} error={waveError ?? undefined} />
        <Button type="submit" variant="primary" disabled={!to.trim()}>
          {t("form.submit")}
        </Button>
        {sent && !waveError && <p className="muted">{t("sent")}</p>}
      </form>
    </section>
  );
}
