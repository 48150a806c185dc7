/** Which panes are open. At the mobile width (850 px, spec §9) the panes become overlays. */
import { create } from "zustand";

const MOBILE_MEDIA_QUERY = "(max-width: 850px)";

const isMobileWidth = () => window.matchMedia(MOBILE_MEDIA_QUERY).matches;

interface LayoutState {
  /** Server rail and side pane, as an overlay on mobile (always shown on desktop). */
  sidePaneOpen: boolean;
  rightDrawerOpen: boolean;
}

export const useLayoutStore = create<LayoutState>()(() => ({
  sidePaneOpen: false,
  rightDrawerOpen: !isMobileWidth(),
}));

export const toggleSidePane = () => useLayoutStore.setState(({ sidePaneOpen }) => ({ sidePaneOpen: !sidePaneOpen }));

export const toggleRightDrawer = () =>
  useLayoutStore.setState(({ rightDrawerOpen }) => ({ rightDrawerOpen: !rightDrawerOpen }));

/** On mobile, overlays close when the user picks a destination or taps outside. */
export const closeOverlays = () => {
  if (isMobileWidth()) useLayoutStore.setState({ sidePaneOpen: false, rightDrawerOpen: false });
};

/** Crossing the mobile width: overlays close on the way down, the drawer comes back on the way up. */
window.matchMedia(MOBILE_MEDIA_QUERY).addEventListener?.("change", (event) => {
  useLayoutStore.setState(event.matches ? { sidePaneOpen: false, rightDrawerOpen: false } : { rightDrawerOpen: true });
});
