import { Suspense } from "react";
import { Route, Routes } from "react-router";
import { usePluginStore } from "../plugins/pluginStore";
import { PaneLoading } from "../ui/PaneLoading";
import { Dashboard } from "./Dashboard";

/** Routes under /app: those the plugins contribute, and the dashboard for any other path. */
export function AppRoutes() {
  const { status, routes } = usePluginStore();
  if (status === "idle" || status === "loading") return <PaneLoading />;

  return (
    <Suspense fallback={<PaneLoading />}>
      <Routes>
        {routes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<Dashboard />} />
      </Routes>
    </Suspense>
  );
}
