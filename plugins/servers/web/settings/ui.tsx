/** Building blocks of the settings pages. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import type { ReactNode } from "react";
import { t } from "../i18n";

export function SettingsCard({ title, description, danger = false, actions, children, testId }: { title: string; description?: string; danger?: boolean; actions?: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <section className={`card server-settings__card${danger ? " server-settings__card--danger" : ""}`} aria-label={title} data-testid={testId}>
      <header className="server-settings__card-header">
        <h3>{title}</h3>
        {actions}
      </header>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}

/** Error, "saved" note and submit button at the end of a settings form. */
export function SaveRow({ pending, error, saved, label, disabled }: { pending: boolean; error: string | null; saved?: boolean; label?: string; disabled?: boolean }) {
  return (
    <>
      <FormError message={error} />
      <div className="button-row button-row--end">
        {saved && (
          <p className="server-settings__saved" role="status">
            {t("settings.saved")}
          </p>
        )}
        <Button type="submit" variant="primary" loading={pending} disabled={disabled}>
          {label ?? t("common.save")}
        </Button>
      </div>
    </>
  );
}

export function SelectField({ label, value, onChange, children, hint }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode; hint?: string }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
      {hint && <span className="field__hint">{hint}</span>}
    </label>
  );
}

/** A list that is loading, failed or empty says so. */
export function ListState({ loading, error, empty, emptyText, retry }: { loading: boolean; error: string | null; empty: boolean; emptyText: string; retry: () => void }) {
  if (loading)
    return (
      <PaneLoading label={t("settings.loadingList")} />
    );
  if (error)
    return (
      <div className="stack">
        <FormError message={error} />
        <div>
          <Button onClick={retry}>{t("settings.retry")}</Button>
        </div>
      </div>
    );
  if (empty) return <p className="muted">{emptyText}</p>;
  return null;
}
