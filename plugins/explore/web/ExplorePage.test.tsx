import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useServersStore } from "../../servers/web/public";
import enGb from "./en-gb.json";
import ExplorePage from "./ExplorePage";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const server = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  hexColor: "#123456",
  avatar: null,
  banner: null,
  defaultChannelId: `${id}0`,
  defaultRoleId: `${id}1`,
  createdById: "owner",
  verified: false,
  public: true,
  _count: { serverMembers: 3 },
  ...extra,
});
const item = (id: string, srv: ReturnType<typeof server>) => ({
  id,
  type: 0,
  serverId: srv.id,
  botApplicationId: null,
  botPermissions: null,
  description: `About ${srv.name}`,
  bumpCount: 2,
  bumpedAt: Date.now() - 4 * 3_600_000,
  lifetimeBumpCount: 7,
  pinnedAt: null,
  createdAt: 1,
  server: srv,
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={["/app/explore/servers"]}>
      <Routes>
        <Route path="/app/explore/servers" element={<ExplorePage />} />
        <Route path="/app/servers/:id" element={<p>server page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  registerTranslations("en-gb", "explore", enGb);
  vi.stubGlobal("fetch", fetchMock);
  useServersStore.setState({ servers: {} });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("explore page", () => {
  it("lists servers with their details, joined ones open instead of joining", async () => {
    useServersStore.setState({ servers: { s2: server("s2", "Mine") as never } });
    fetchMock.mockResolvedValueOnce(json([item("e1", server("s1", "Hearthside", { verified: true })), item("e2", server("s2", "Mine"))]));
    renderPage();
    expect(screen.getByRole("status").textContent).toContain("Loading servers");
    const cards = await screen.findAllByTestId("explore-card");
    expect(cards.map((card) => card.querySelector("[data-testid=explore-card-name]")!.textContent)).toEqual(["Hearthside", "Mine"]);
    expect(cards[0]!.textContent).toContain("3 members");
    expect(cards[0]!.textContent).toContain("About Hearthside");
    expect(screen.getAllByLabelText("Verified server")).toHaveLength(1);
    expect(cards[0]!.querySelector("button.button--primary")!.textContent).toBe("Join");
    expect(cards[1]!.textContent).toContain("Joined");
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/explore?type=server&sort=most_members&filter=all&limit=24");
  });

  it("asks again when the sort changes and searches after typing stops", async () => {
    fetchMock.mockResolvedValue(json([]));
    renderPage();
    expect(await screen.findByText("No server matches.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "most_active" } });
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toContain("sort=most_active"));
    fireEvent.change(screen.getByLabelText("Search servers"), { target: { value: "cats" } });
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toContain("search=cats"));
  });

  it("joins, then opens the server once it has arrived; a refusal is shown on the card", async () => {
    fetchMock.mockResolvedValueOnce(json([item("e1", server("s1", "Hearthside")), item("e3", server("s3", "Closed"))]));
    renderPage();
    const cards = await screen.findAllByTestId("explore-card");
    fetchMock.mockResolvedValueOnce(json({ message: "You are banned from this server", path: null }, 400));
    fireEvent.click(cards[1]!.querySelector("button.button--primary")!);
    expect(await screen.findByText("You are banned from this server")).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json(server("s1", "Hearthside")));
    fireEvent.click(cards[0]!.querySelector("button.button--primary")!);
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toBe("/api/explore/servers/s1/join"));
    expect(screen.queryByText("server page")).toBeNull();
    useServersStore.setState({ servers: { s1: server("s1", "Hearthside") as never } });
    expect(await screen.findByText("server page")).toBeTruthy();
  });
});
