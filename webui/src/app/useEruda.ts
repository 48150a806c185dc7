import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { t } from "../i18n/i18n";

let erudaStarted = false;

/** `/app?eruda=true` turns on the Eruda debug console, after saying so; it is downloaded only then. */
export function useEruda(): void {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("eruda") === "true";

  useEffect(() => {
    if (!requested || erudaStarted) return;
    erudaStarted = true;
    alert(t("debug.erudaEnabled"));
    void import("eruda").then(({ default: eruda }) => eruda.init());
  }, [requested]);
}
