import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router";
import { t } from "../i18n/i18n";
import { NotificationToasts } from "../notifications/NotificationToasts";
import { AppOverlay, MainPaneBars } from "../plugins/extensions";
import { AppRoutes } from "./AppRoutes";
import { ConnectionBanner } from "./ConnectionBanner";
import { closeOverlays, closeOverlaysOnEscape, showScreen, useLayoutStore } from "./layoutStore";
import { MainHeader } from "./MainHeader";
import { RightDrawer } from "./RightDrawer";
import { ServerRail } from "./ServerRail";
import { SidePane } from "./SidePane";
import "./appLayout.css";

export function AppLayout() {
  const { sidePaneOpen, rightDrawerOpen } = useLayoutStore();
  const { pathname } = useLocation();

  useLayoutEffect(() => showScreen(pathname), [pathname]);
  useEffect(() => {
    document.addEventListener("keydown", closeOverlaysOnEscape);
    return () => document.removeEventListener("keydown", closeOverlaysOnEscape);
  }, []);

  const classes = ["app-layout", sidePaneOpen && "app-layout--side-open", rightDrawerOpen && "app-layout--drawer-open"];

  return (
    <div className={classes.filter(Boolean).join(" ")}>
      <div className="app-layout__nav">
        <ServerRail />
        <SidePane />
      </div>
      <button type="button" className="app-layout__scrim" aria-label={t("app.closePanels")} onClick={closeOverlays} />
      <main className="main-pane">
        <MainHeader />
        <ConnectionBanner />
        <MainPaneBars />
        <div className="main-pane__content">
          <AppRoutes />
        </div>
      </main>
      <aside className="right-drawer" aria-label={t("drawer.title")}>
        <RightDrawer />
      </aside>
      <NotificationToasts />
      <AppOverlay />
    </div>
  );
}
