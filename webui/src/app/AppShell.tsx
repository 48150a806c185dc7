import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { useLanguageKey } from "../i18n/LanguageLoading";
import { loadEnabledPlugins } from "../plugins/pluginLoader";
import { loginPathFor } from "../session/redirect";
import { registerSessionSocketHandlers } from "../session/session";
import { hasToken } from "../session/token";
import { connectSocket, disconnectSocket } from "../socket/socketClient";
import { AppLayout } from "./AppLayout";
import { useEruda } from "./useEruda";

registerSessionSocketHandlers();

/** Everything under /app: needs a token, loads the enabled plugins, then connects the socket. */
export function AppShell() {
  const location = useLocation();
  if (!hasToken()) return <Navigate to={loginPathFor(location)} replace />;
  return <ConnectedApp />;
}

function ConnectedApp() {
  useEruda();

  useEffect(() => {
    let active = true;
    // Plugin socket handlers must be registered before the authenticated payload arrives.
    loadEnabledPlugins()
      .catch(() => undefined)
      .finally(() => {
        if (active) connectSocket();
      });
    return () => {
      active = false;
      disconnectSocket();
    };
  }, []);

  // Re-keyed on the language: the whole app re-renders in a newly chosen one, without a reload.
  return <AppLayout key={useLanguageKey()} />;
}
