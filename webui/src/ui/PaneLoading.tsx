import { t } from "../i18n/i18n";

/** A spinner with a line of text, shown while a pane waits for its data or code. */
export function PaneLoading({ label = t("app.loading") }: { label?: string }) {
  return (
    <div className="pane-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}
