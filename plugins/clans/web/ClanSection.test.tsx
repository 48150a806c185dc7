import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useServersStore } from "../../servers/web/public";
import { OWNER, server } from "../../servers/web/testData";
import ClanSection from "./ClanSection";
import enGb from "./en-gb.json";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function withServer(overrides: Parameters<typeof server>[0], selfId = OWNER) {
  useServersStore.setState({ servers: { s1: server(overrides) } });
  useSelfUserStore.setState({ user: { id: selfId, username: "owner", tag: "0001", badges: 0 } });
}

beforeEach(() => {
  registerTranslations("en-gb", "clans", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("clan settings", () => {
  it("saves a new tag keeping the current icon, and shows the server's refusal", async () => {
    withServer({ verified: true, clan: { tag: "OLD", icon: "avatars/s1/1.png" } });
    render(<ClanSection serverId="s1" rest={[]} />);
    expect(screen.getByTestId("clan-badge").textContent).toBe("OLD");
    fireEvent.change(screen.getByLabelText("Tag (1 to 4 characters)"), { target: { value: " NEW " } });
    fetchMock.mockResolvedValueOnce(json({ tag: "NEW", icon: "avatars/s1/1.png", serverId: "s1" }));
    fireEvent.click(screen.getByRole("button", { name: "Save clan" }));
    expect(await screen.findByText("The clan was saved.")).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/servers/s1/clans");
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ tag: "NEW", icon: "avatars/s1/1.png" });

    fetchMock.mockResolvedValueOnce(json({ message: "Server is not verified", path: null }, 400));
    fireEvent.click(screen.getByRole("button", { name: "Save clan" }));
    expect(await screen.findByText("Server is not verified")).toBeTruthy();
  });

  it("asks for a tag and an icon before calling the server", async () => {
    withServer({ verified: true });
    render(<ClanSection serverId="s1" rest={[]} />);
    fireEvent.click(screen.getByRole("button", { name: "Save clan" }));
    expect(await screen.findByText("Enter a tag of 1 to 4 characters.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Tag (1 to 4 characters)"), { target: { value: "HR" } });
    fireEvent.click(screen.getByRole("button", { name: "Save clan" }));
    expect(await screen.findByText("Choose an icon.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells others why they cannot change it", () => {
    withServer({ verified: false });
    render(<ClanSection serverId="s1" rest={[]} />);
    expect(screen.getByText("Only verified servers can have a clan.")).toBeTruthy();
    cleanup();
    withServer({ verified: true }, "u-admin");
    render(<ClanSection serverId="s1" rest={[]} />);
    expect(screen.getByText("Only the server's owner can change its clan.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save clan" })).toBeNull();
  });
});
