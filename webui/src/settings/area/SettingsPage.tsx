/** The frame and cards of a settings section, for the shell's sections and the plugins'. */
import type { ReactNode } from "react";
import { LayoutSlot } from "../../app/layoutSlots";

/** `wide`: room for a preview beside the form (the profile section). */
export function SettingsPage({ title, description, testId, wide = false, children }: { title: string; description?: string; testId?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`settings-page${wide ? " settings-page--wide" : ""}`} data-testid={testId}>
      <LayoutSlot name="headerTitle">{title}</LayoutSlot>
      <header>
        <h2 className="settings-page__title">{title}</h2>
        {description && <p className="muted">{description}</p>}
      </header>
      {children}
    </div>
  );
}

export function SettingsCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="card settings-card">
      <h3 className="settings-card__title">{title}</h3>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}

/** A labelled on/off switch (a checkbox styled as a switch). */
export function SettingsToggle({ label, description, checked, onChange, disabled }: { label: string; description?: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <label className="settings-toggle">
      <span className="settings-toggle__text">
        <span className="settings-toggle__label">{label}</span>
        {description && <span className="muted settings-toggle__description">{description}</span>}
      </span>
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
    </label>
  );
}

/** A labelled select of numbered or named choices. */
export function SettingsSelect<V extends string | number>({ label, value, choices, onChange, disabled }: { label: string; value: V; choices: Array<{ value: V; label: string }>; onChange: (value: V) => void; disabled?: boolean }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select
        className="field__input settings-select"
        value={String(value)}
        disabled={disabled}
        onChange={(event) => {
          const picked = choices.find((choice) => String(choice.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {choices.map((choice) => (
          <option key={String(choice.value)} value={String(choice.value)}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
