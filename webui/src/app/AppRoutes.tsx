import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { usePluginStore, type MountedRoute } from "../plugins/pluginStore";
import { PaneLoading } from "../ui/PaneLoading";
import { Dashboard } from "./Dashboard";

const SETTINGS_PREFIX = "settings/";

// The settings area's frame loads when it is opened, not with the app.
const settingsArea = () => import("../settings/area/SettingsLayout");
const SettingsLayout = lazy(async () => ({ default: (await settingsArea()).SettingsLayout }));
const SettingsIndex = lazy(async () => ({ default: (await settingsArea()).SettingsIndex }));
const SettingsNotFound = lazy(async () => ({ default: (await settingsArea()).SettingsNotFound }));

const routeElements = (routes: MountedRoute[], strip = "") =>
  routes.map(({ path, Component }) => <Route key={path} path={path.slice(strip.length)} element={<Component />} />);

/**
 * Routes under /app: those the plugins contribute, and the dashboard for any other path.
 * Every `settings/…` route is drawn inside the settings area (its sidebar of sections).
 */
export function AppRoutes() {
  const { status, routes } = usePluginStore();
  if (status === "idle" || status === "loading") return <PaneLoading />;
  const settingsRoutes = routes.filter(({ path }) => path.startsWith(SETTINGS_PREFIX));
  const otherRoutes = routes.filter(({ path }) => !path.startsWith(SETTINGS_PREFIX));

  return (
    <Suspense fallback={<PaneLoading />}>
      <Routes>
        {routeElements(otherRoutes)}
        <Route path="settings" element={<SettingsLayout />}>
          <Route index element={<SettingsIndex />} />
          {routeElements(settingsRoutes, SETTINGS_PREFIX)}
          <Route path="*" element={<SettingsNotFound />} />
        </Route>
        <Route path="*" element={<Dashboard />} />
      </Routes>
    </Suspense>
  );
}
