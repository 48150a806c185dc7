/**
 * While a form has unsaved changes, leaving it asks first: a link or the back button inside the
 * app opens a confirmation, and closing or reloading the tab gets the browser's own prompt.
 */
import { useEffect } from "react";
import { t } from "../../i18n/i18n";
import { blockNavigation } from "../../navigation/blockingHistory";
import { confirmAction } from "../modal/confirmModal";

const askToLeave = () =>
  confirmAction({ title: t("unsavedChanges.title"), message: t("unsavedChanges.message"), confirmLabel: t("unsavedChanges.leave"), danger: true });

export function useUnsavedChangesGuard(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    const release = blockNavigation({ blocks: (from, to) => from !== to, ask: askToLeave });
    return () => {
      window.removeEventListener("beforeunload", warn);
      release();
    };
  }, [unsaved]);
}
