import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useServersStore } from "../../servers/web/public";
import enGb from "./en-gb.json";
import PublishServerSection from "./PublishServerSection";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const listing = { id: "e1", type: 0, serverId: "s1", description: "Cosy", bumpCount: 1, lifetimeBumpCount: 1, bumpedAt: Date.now(), pinnedAt: null, createdAt: 1 };

function renderSection() {
  return render(
    <MemoryRouter>
      <PublishServerSection serverId="s1" rest={[]} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  registerTranslations("en-gb", "explore", enGb);
  vi.stubGlobal("fetch", fetchMock);
  useServersStore.setState({ servers: { s1: { id: "s1", name: "Hearthside", createdById: "me", defaultChannelId: "c", defaultRoleId: "r" } } });
  useSelfUserStore.setState({ user: { id: "me", username: "me", tag: "0001", badges: 0 } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("publish-server settings", () => {
  it("publishes an unlisted server and shows the server's refusal texts", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: "Server not found.", path: null }, 400));
    renderSection();
    expect((await screen.findByTestId("publish-status")).textContent).toBe("Not listed");
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "x".repeat(3) } });
    fetchMock.mockResolvedValueOnce(json({ message: "Slow down!", path: null, ttl: 100 }, 429));
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("Slow down!")).toBeTruthy();
    fetchMock.mockResolvedValueOnce(json({ ...listing, description: "xxx" }));
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(screen.getByTestId("publish-status").textContent).toBe("Listed on the explore page"));
    const [url, init] = fetchMock.mock.calls[2]!;
    expect(url).toBe("/api/explore/servers/s1");
    expect(JSON.parse(String(init!.body))).toEqual({ description: "xxx" });
    expect(screen.getByRole("button", { name: "Update description" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Bump again in/ }).hasAttribute("disabled")).toBe(true);
  });

  it("unpublishes", async () => {
    fetchMock.mockResolvedValueOnce(json(listing));
    renderSection();
    fetchMock.mockResolvedValueOnce(json({ result: true }));
    fireEvent.click(await screen.findByRole("button", { name: "Remove from explore" }));
    expect(await screen.findByText("The server is no longer listed.")).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/explore/e1");
    expect(fetchMock.mock.calls[1]![1]!.method).toBe("DELETE");
  });

  it("tells admins who are not the owner that only the owner can change the listing", async () => {
    useSelfUserStore.setState({ user: { id: "admin", username: "a", tag: "0002", badges: 0 } });
    fetchMock.mockResolvedValueOnce(json(listing));
    renderSection();
    expect(await screen.findByText("Only the server owner can publish or change the listing.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Update description" })).toBeNull();
    expect((screen.getByLabelText("Description") as HTMLTextAreaElement).disabled).toBe(true);
  });
});
