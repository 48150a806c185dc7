import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearSlots, fillSlots } from "../plugins/slots";
import { shellSlots } from "../plugins/extensions";
import { usePluginStore } from "../plugins/pluginStore";
import type { PluginNavEntry } from "../plugins/pluginTypes";
import { useSelfUserStore } from "../stores/selfUserStore";
import { ServerRail } from "./ServerRail";
import { SidePane } from "./SidePane";

const entry = (id: string, label: string, extra: Partial<PluginNavEntry> = {}): PluginNavEntry => ({ id, to: id, icon: "cog", label: () => label, ...extra });

beforeEach(() => {
  clearSlots();
  usePluginStore.setState({
    navEntries: [
      entry("settings", "Settings"),
      entry("inbox", "Inbox", { useBadge: () => 3 }),
      entry("moderation", "Moderation", { useVisible: () => false }),
    ],
  });
  useSelfUserStore.setState({ user: { id: "u1", username: "Alice Longname", tag: "htx9", badges: 0 }, sessionId: null });
});
afterEach(cleanup);

const at = (path: string, children: ReactNode) => render(<MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>);

describe("the rail", () => {
  it("holds Home, the servers, then the places as icons named like their tooltips, badges kept, hidden ones left out", () => {
    fillSlots([shellSlots.serverRailItems.fill(() => <a href="/app/servers/1">Hearthside</a>)]);
    at("/app", <ServerRail />);
    const rail = screen.getByRole("navigation", { name: "Navigation" });
    const links = within(rail).getAllByRole("link");
    // named by hidden text (the badge's count adds to the name), the same as the tooltip
    const label = (link: HTMLElement) => link.querySelector(".visually-hidden")?.textContent ?? link.textContent;
    expect(links.map(label)).toEqual(["Home", "Hearthside", "Settings", "Inbox"]);
    for (const link of links.slice(2)) expect(link.getAttribute("title")).toBe(label(link));
    expect(within(screen.getByRole("list", { name: "Places" })).getAllByRole("listitem")).toHaveLength(2);
    expect(within(links[3]!).getByLabelText("3 unread")).toBeTruthy();
    expect(links[0]!.getAttribute("aria-current")).toBe("page");
  });
});

describe("the side pane", () => {
  it("shows Home's side pane (the feed and the plugins' items, no app menu) when no page fills it", () => {
    fillSlots([shellSlots.homeSidebarItems.fill(() => <nav aria-label="Direct messages">bob</nav>)]);
    at("/app/moderation", <SidePane />);
    const home = screen.getByTestId("home-sidebar");
    expect(within(home).getByRole("link", { name: "Home feed" })).toBeTruthy();
    expect(within(home).getByRole("navigation", { name: "Direct messages" }).textContent).toBe("bob");
    expect(screen.queryByRole("link", { name: "Settings" })).toBeNull();
  });

  it("shows the user's whole display name, the tag on its own line and in the tooltip", () => {
    at("/app", <SidePane />);
    const me = screen.getByTestId("self-user");
    expect(me.querySelector(".user-area__display-name")?.textContent).toBe("Alice Longname");
    expect(me.querySelector(".user-area__tag")?.textContent).toBe(":htx9");
    expect(me.parentElement?.getAttribute("title")).toBe("Alice Longname:htx9");
  });
});
