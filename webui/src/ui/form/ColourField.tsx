import { useId, type ReactNode } from "react";
import { t } from "../../i18n/i18n";
import { normaliseHex } from "../colour";
import "./colourInput.css";

interface ColourFieldProps {
  label: string;
  /** What the user typed: a hex colour, or anything while they type (the owner validates it). */
  value: string;
  onChange: (value: string) => void;
  /** The colour the picker shows while `value` is not a colour (empty, or half typed). */
  fallback: string;
  placeholder?: string;
  error?: string | null;
  hint?: string;
  /** Buttons after the inputs (clear, reset). */
  actions?: ReactNode;
  testId?: string;
}

/** A colour as a picker and as hex text side by side; both report to `onChange`. */
export function ColourField({ label, value, onChange, fallback, placeholder, error, hint, actions, testId }: ColourFieldProps) {
  const textId = useId();
  const noteId = `${textId}-note`;
  const note = error ?? hint;
  return (
    <div className="field colour-input" data-testid={testId}>
      <label className="field__label" htmlFor={textId}>
        {label}
      </label>
      <div className="colour-input__row">
        <input
          type="color"
          className="colour-input__picker"
          aria-label={t("colourField.picker", { label })}
          value={normaliseHex(value, fallback)}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={textId}
          className="field__input colour-input__text"
          value={value}
          placeholder={placeholder}
          maxLength={9}
          spellCheck={false}
          autoComplete="off"
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => onChange(event.target.value.trim())}
        />
        {actions}
      </div>
      {note && (
        <p id={noteId} className={error ? "field__error" : "field__hint"}>
          {note}
        </p>
      )}
    </div>
  );
}
