/**
 * "Create …" that asks for the name first (issue 33: applications and bots were made as
 * "Untitled" and renamed later). A button opens a small form; the server checks the name with a
 * rename's rules, and its refusal shows under the field.
 */
import { Button } from "@hearth/ui/Button";
import { TextField } from "@hearth/ui/form/TextField";
import { fieldError, useFormAction } from "@hearth/ui/form/useFormAction";
import { useState, type FormEvent } from "react";
import { t } from "./i18n";

interface NameFirstProps {
  /** The button that opens the form, and the form's submit. */
  createLabel: string;
  fieldLabel: string;
  hint: string;
  /** The body key the server checks (and names in its errors' `path`): "name" or "username". */
  field: "name" | "username";
  create: (name: string) => Promise<void>;
  testId?: string;
}

export function NameFirst({ createLabel, fieldLabel, hint, field, create, testId }: NameFirstProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const { pending, errors, run } = useFormAction([field] as const);

  if (!open) {
    return (
      <div className="developer-card__actions">
        <Button variant="primary" onClick={() => setOpen(true)} data-testid={testId}>
          {createLabel}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (name.trim().length < 3) throw fieldError(field, t("nameFirst.tooShort"));
      await create(name.trim());
    });
  };

  return (
    <form className="developer-name-first stack" onSubmit={submit} noValidate>
      <TextField
        label={fieldLabel}
        hint={hint}
        value={name}
        maxLength={35}
        autoFocus
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
        error={errors.fields[field] ?? errors.general}
      />
      <div className="developer-card__actions">
        <Button onClick={() => setOpen(false)}>{t("nameFirst.cancel")}</Button>
        <Button type="submit" variant="primary" loading={pending}>
          {createLabel}
        </Button>
      </div>
    </form>
  );
}
