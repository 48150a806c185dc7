/** /app/moderation: the servers list, or the users list where the servers plugin does not run. */
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { Navigate } from "react-router";
import ServersPage from "./ServersPage";

export default function ModerationHome() {
  return usePluginLoaded("servers") ? <ServersPage /> : <Navigate to="/app/moderation/users" replace />;
}
