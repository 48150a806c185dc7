import type { ReactNode } from "react";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { t } from "./i18n";

interface SettingsSectionProps {
  title: string;
  description?: string;
  danger?: boolean;
  children: ReactNode;
}

export function SettingsSection({ title, description, danger = false, children }: SettingsSectionProps) {
  return (
    <section className={`card settings-section${danger ? " settings-section--danger" : ""}`}>
      <h2 className="settings-section__title">{title}</h2>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}

interface SectionActionsProps {
  submitLabel?: string;
  pending: boolean;
  error: string | null;
  /** Shown after a successful save. */
  doneMessage?: string | null;
  danger?: boolean;
}

/** The end of a settings form: its error, its success note and its submit button. */
export function SectionActions({ submitLabel, pending, error, doneMessage, danger = false }: SectionActionsProps) {
  return (
    <>
      <FormError message={error} />
      <div className="settings-section__actions">
        {doneMessage && (
          <p className="settings-section__done" role="status">
            {doneMessage}
          </p>
        )}
        <Button type="submit" variant={danger ? "danger" : "primary"} loading={pending}>
          {submitLabel ?? t("common.save")}
        </Button>
      </div>
    </>
  );
}
