import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeOverlaysOnEscape, screenKind, showScreen, toggleRightDrawer, useLayoutStore } from "./layoutStore";

function phoneWidth(phone: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation((query) => ({ matches: phone, media: query }) as MediaQueryList);
}

beforeEach(() => {
  localStorage.clear();
  useLayoutStore.setState({ sidePaneOpen: false, rightDrawerOpen: false, screen: "" });
  phoneWidth(false);
});
afterEach(() => vi.restoreAllMocks());

describe("screenKind", () => {
  it("tells channels and conversations from the other screens", () => {
    expect(screenKind("/app/servers/1/2")).toBe("channel");
    expect(screenKind("/app/servers/1")).toBe("channel");
    expect(screenKind("/app/servers/1/settings/roles")).toBe("servers");
    expect(screenKind("/app/servers/1/members")).toBe("servers");
    expect(screenKind("/app/inbox/9")).toBe("conversation");
    expect(screenKind("/app/inbox")).toBe("inbox");
    expect(screenKind("/app")).toBe("home");
    expect(screenKind("/app/moderation/users")).toBe("moderation");
  });
});

describe("the right-hand panel", () => {
  it("is open beside channels and closed elsewhere by default", () => {
    showScreen("/app/servers/1/2");
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(true);
    showScreen("/app/moderation");
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(false);
    showScreen("/app");
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(false);
  });

  it("remembers its state per kind of screen, across reloads (localStorage)", () => {
    showScreen("/app/moderation");
    toggleRightDrawer(); // opened on moderation
    showScreen("/app/servers/1/2");
    toggleRightDrawer(); // closed beside channels
    showScreen("/app/servers/1/3");
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(false);
    showScreen("/app/moderation/users");
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(true);
    expect(JSON.parse(localStorage.getItem("rightDrawerByScreen")!)).toEqual({ moderation: true, channel: false });
  });

  it("starts closed on a phone and a phone's toggles are not remembered", () => {
    phoneWidth(true);
    showScreen("/app/servers/1/2");
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(false);
    toggleRightDrawer();
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(true);
    expect(localStorage.getItem("rightDrawerByScreen")).toBeNull();
  });
});

describe("Escape", () => {
  it("closes a phone's open drawers", () => {
    phoneWidth(true);
    useLayoutStore.setState({ sidePaneOpen: true });
    closeOverlaysOnEscape({ key: "Escape", defaultPrevented: false });
    expect(useLayoutStore.getState().sidePaneOpen).toBe(false);
    useLayoutStore.setState({ rightDrawerOpen: true });
    closeOverlaysOnEscape({ key: "Enter", defaultPrevented: false });
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(true);
    closeOverlaysOnEscape({ key: "Escape", defaultPrevented: false });
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(false);
  });

  it("leaves a dialog above the drawer to take it, and the wide layout alone", () => {
    phoneWidth(true);
    useLayoutStore.setState({ sidePaneOpen: true });
    const dialog = document.body.appendChild(document.createElement("div"));
    dialog.setAttribute("role", "dialog");
    closeOverlaysOnEscape({ key: "Escape", defaultPrevented: false });
    expect(useLayoutStore.getState().sidePaneOpen).toBe(true);
    dialog.remove();

    phoneWidth(false);
    useLayoutStore.setState({ rightDrawerOpen: true });
    closeOverlaysOnEscape({ key: "Escape", defaultPrevented: false });
    expect(useLayoutStore.getState().rightDrawerOpen).toBe(true);
  });
});
