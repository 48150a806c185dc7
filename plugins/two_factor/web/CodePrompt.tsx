import { useState, type FormEvent } from "react";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { t } from "./i18n";

interface CodePromptOptions {
  title: string;
  message?: string;
  confirmLabel: string;
  danger?: boolean;
  /** Runs with the password and code typed; the prompt closes when it succeeds, shows its error otherwise. */
  submit: (password: string, code: string) => Promise<void>;
}

function CodePromptPanel({ title, message, confirmLabel, danger, submit, close }: CodePromptOptions & { close: () => void }) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const { pending, errors, run } = useFormAction(["password", "code"] as const);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await submit(password, code.trim());
      close();
    });
  };

  return (
    <ModalPanel title={title} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        {message && <p className="muted">{message}</p>}
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
        <TextField
          label={t("common.code")}
          name="code"
          autoComplete="one-time-code"
          dir="ltr"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.fields.code}
        />
        <FormError message={errors.general} />
        <div className="button-row button-row--end">
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" variant={danger ? "danger" : "primary"} loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

/** A modal asking for the password and a code (or a recovery code) before a sensitive change. */
export function promptForCode(options: CodePromptOptions): void {
  openModal((close) => <CodePromptPanel {...options} close={close} />);
}
