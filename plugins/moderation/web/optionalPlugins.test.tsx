/** The staff area where the optional servers and messages plugins do not run. */
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import enGb from "./en-gb.json";
import ModerationHome from "./ModerationHome";
import StatsPage from "./StatsPage";

const fetchMock = vi.fn<typeof fetch>();
const figures = { totalRegisteredUsers: 12, weeklyRegisteredUsers: 3, totalCreatedServers: 0, totalCreatedMessages: 0, weeklyCreatedMessages: 0 };

function answer(url: string): Promise<Response> {
  const body = url.startsWith("/api/moderation/stats/daily") ? { days: [] } : url.startsWith("/api/moderation/stats") ? figures : [];
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}

function renderAt(path: string, loadedIds: string[]) {
  usePluginStore.setState({ loadedIds });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/moderation" element={<ModerationHome />} />
        <Route path="/app/moderation/users" element={<p>users list</p>} />
        <Route path="/app/moderation/stats" element={<StatsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  registerTranslations("en-gb", "moderation", enGb);
  useSelfUserStore.setState({ user: { id: "1", username: "chief", tag: "AD01", badges: 2 } as never });
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockImplementation((input) => answer(String(input)));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  usePluginStore.setState({ loadedIds: [] });
  useSelfUserStore.setState({ user: null });
});

describe("moderation without servers and messages", () => {
  it("opens on the users list, with no servers tab", async () => {
    renderAt("/app/moderation", ["moderation"]);
    expect(await screen.findByText("users list")).toBeTruthy();
    renderAt("/app/moderation/stats", ["moderation"]);
    const tabs = await screen.findByRole("navigation", { name: "Moderation sections" });
    expect(within(tabs).queryByRole("link", { name: "Servers" })).toBeNull();
    expect(within(tabs).getByRole("link", { name: "Users" })).toBeTruthy();
  });

  it("shows only the figures of the plugins that run", async () => {
    renderAt("/app/moderation/stats", ["moderation"]);
    const totals = await screen.findByTestId("moderation-totals");
    expect(within(totals).getByText("Registered users")).toBeTruthy();
    expect(within(totals).queryByText("Servers")).toBeNull();
    expect(within(totals).queryByText("Messages")).toBeNull();
  });

  it("keeps the servers tab and figures where servers and messages run", async () => {
    renderAt("/app/moderation/stats", ["moderation", "messages", "servers"]);
    const totals = await screen.findByTestId("moderation-totals");
    expect(within(totals).getByText("Servers")).toBeTruthy();
    expect(within(totals).getByText("Messages")).toBeTruthy();
    const tabs = screen.getByRole("navigation", { name: "Moderation sections" });
    expect(within(tabs).getByRole("link", { name: "Servers" })).toBeTruthy();
  });
});
