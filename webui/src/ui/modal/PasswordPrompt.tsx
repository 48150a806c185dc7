import { useState, type FormEvent } from "react";
import { t } from "../../i18n/i18n";
import { Button } from "../Button";
import { FormError } from "../form/FormError";
import { TextField } from "../form/TextField";
import { useFormAction } from "../form/useFormAction";
import { ModalPanel } from "./ModalPanel";
import { openModal } from "./modalStore";

interface PasswordPromptOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** Runs with the password typed; the prompt closes when it succeeds and shows its error otherwise. */
  submit: (password: string) => Promise<void>;
}

function PasswordPromptPanel({ title, message, confirmLabel, submit, close }: PasswordPromptOptions & { close: () => void }) {
  const [password, setPassword] = useState("");
  const { pending, errors, run } = useFormAction(["password"] as const);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await submit(password);
      close();
    });
  };

  return (
    <ModalPanel title={title} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <p className="muted">{message}</p>
        <TextField
          label={t("modal.password")}
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
          <Button onClick={close}>{t("modal.cancel")}</Button>
          <Button type="submit" variant="danger" loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

/** A modal that asks for the account password before a sensitive action. */
export function promptForPassword(options: PasswordPromptOptions): void {
  openModal((close) => <PasswordPromptPanel {...options} close={close} />);
}
