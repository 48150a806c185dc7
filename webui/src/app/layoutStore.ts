/**
 * Which panes are open. At the mobile width (850 px, spec §9) the panes become overlays. On wider
 * screens the right-hand panel's state is remembered per kind of screen (channels, conversations,
 * settings, …): open by default beside a channel or a conversation, closed elsewhere.
 */
import { create } from "zustand";
import { getLocalSetting, setLocalSetting } from "../settings/localSettings";

const MOBILE_MEDIA_QUERY = "(max-width: 850px)";

const isMobileWidth = () => window.matchMedia(MOBILE_MEDIA_QUERY).matches;

interface LayoutState {
  /** Server rail and side pane, as an overlay on mobile (always shown on desktop). */
  sidePaneOpen: boolean;
  rightDrawerOpen: boolean;
  /** The kind of screen shown (see `screenKind`), whose remembered drawer state applies. */
  screen: string;
}

/** Screens whose right-hand panel is open until the user closes it. */
const DRAWER_OPEN_BY_DEFAULT = new Set(["channel", "conversation"]);

/**
 * The kind of an /app screen, for the right-hand panel's memory: a server channel, a direct
 * conversation, or else the first part of the path ("home", "settings", "moderation", …).
 */
export function screenKind(pathname: string): string {
  const parts = pathname.replace(/^\/app\/?/, "").split("/").filter(Boolean);
  // A server's channels and welcome page have its members beside them; its settings and members page do not.
  if (parts[0] === "servers" && parts[1] && parts[2] !== "settings" && parts[2] !== "members") return "channel";
  if (parts[0] === "inbox" && parts[1]) return "conversation";
  return parts[0] ?? "home";
}

/** Whether the right-hand panel starts open on this kind of screen (never on a phone). */
export function drawerOpenOn(screen: string): boolean {
  if (isMobileWidth()) return false;
  return getLocalSetting("rightDrawerByScreen")[screen] ?? DRAWER_OPEN_BY_DEFAULT.has(screen);
}

export const useLayoutStore = create<LayoutState>()(() => ({
  sidePaneOpen: false,
  rightDrawerOpen: false,
  screen: "",
}));

export const toggleSidePane = () => useLayoutStore.setState(({ sidePaneOpen }) => ({ sidePaneOpen: !sidePaneOpen }));

export const toggleRightDrawer = () => {
  const { rightDrawerOpen, screen } = useLayoutStore.getState();
  const open = !rightDrawerOpen;
  useLayoutStore.setState({ rightDrawerOpen: open });
  if (!isMobileWidth() && screen) setLocalSetting("rightDrawerByScreen", { ...getLocalSetting("rightDrawerByScreen"), [screen]: open });
};

/** On a new screen: the right-hand panel as remembered for its kind (a phone's overlays close). */
export const showScreen = (pathname: string) => {
  const screen = screenKind(pathname);
  const { screen: current } = useLayoutStore.getState();
  if (isMobileWidth()) useLayoutStore.setState({ screen, sidePaneOpen: false, rightDrawerOpen: false });
  else if (screen !== current) useLayoutStore.setState({ screen, rightDrawerOpen: drawerOpenOn(screen) });
};

/** On mobile, overlays close when the user picks a destination, taps outside or presses Escape. */
export const closeOverlays = () => {
  if (isMobileWidth()) useLayoutStore.setState({ sidePaneOpen: false, rightDrawerOpen: false });
};

/**
 * Escape closes a phone's open drawer (side pane or right-hand panel), unless a menu or dialog
 * above it takes the key; focus goes back to the button that opens the side pane.
 */
export function closeOverlaysOnEscape(event: Pick<KeyboardEvent, "key" | "defaultPrevented">): void {
  if (event.key !== "Escape" || event.defaultPrevented || !isMobileWidth()) return;
  const { sidePaneOpen, rightDrawerOpen } = useLayoutStore.getState();
  if (!sidePaneOpen && !rightDrawerOpen) return;
  if (document.querySelector(".context-menu, [role='dialog'], [role='listbox']")) return;
  closeOverlays();
  document.querySelector<HTMLElement>(".main-header__menu")?.focus();
}

/** Crossing the mobile width: overlays close on the way down, the drawer comes back as remembered on the way up. */
window.matchMedia(MOBILE_MEDIA_QUERY).addEventListener?.("change", (event) => {
  const { screen } = useLayoutStore.getState();
  useLayoutStore.setState(event.matches ? { sidePaneOpen: false, rightDrawerOpen: false } : { rightDrawerOpen: drawerOpenOn(screen) });
});
