/**
 * While a form has unsaved changes, leaving it asks first: a link or the back button inside the
 * app opens a confirmation, and closing or reloading the tab gets the browser's own prompt.
 */
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { t } from "../../i18n/i18n";
import { confirmAction } from "../modal/confirmModal";

export function useUnsavedChangesGuard(unsaved: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  const latest = useRef(blocker);
  latest.current = blocker;

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let active = true;
    void confirmAction({ title: t("unsavedChanges.title"), message: t("unsavedChanges.message"), confirmLabel: t("unsavedChanges.leave"), danger: true }).then(
      (leave) => {
        if (!active) return;
        if (leave) latest.current.proceed?.();
        else latest.current.reset?.();
      },
    );
    return () => {
      active = false;
    };
  }, [blocker.state]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
}
