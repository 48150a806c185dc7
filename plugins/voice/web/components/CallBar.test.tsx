import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useInboxStore } from "../../../inbox/web/public";
import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import enGb from "../en-gb.json";
import { voiceSlots } from "../public";
import { resetVoice, setCall, userJoined, useVoiceStore } from "../voiceStore";
import { CallBar } from "./CallBar";
import { useFetchedPeople } from "./people";

beforeEach(() => {
  registerTranslations("en-gb", "voice", enGb);
  resetVoice();
  useSelfUserStore.setState({ user: { id: "me", username: "me", tag: "0001", badges: 0 }, sessionId: null });
  useInboxStore.setState({
    ready: true,
    inboxes: {
      d1: { id: "i1", createdById: "me", recipientId: "ada", channelId: "d1", closed: false, createdAt: 0, lastSeen: null,
            recipient: { id: "ada", username: "ada", tag: "0002" } },
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useFetchedPeople.setState({ people: {} });
  clearSlots();
});

const renderBar = () => render(<MemoryRouter><CallBar /></MemoryRouter>);

describe("the call bar", () => {
  it("is not there outside a call", () => {
    renderBar();
    expect(screen.queryByTestId("call-bar")).toBeNull();
  });

  it("says a DM call is still calling until the other person joins", () => {
    userJoined({ userId: "me", channelId: "d1" });
    setCall({ channelId: "d1", status: "connected", mode: "p2p" });
    renderBar();
    expect(screen.getByTestId("call-status").textContent).toBe("Calling ada…");
    expect(screen.getByRole("link").getAttribute("href")).toBe("/app/inbox/d1");
  });

  it("shows reconnecting, and who is in the call", () => {
    userJoined({ userId: "me", channelId: "d1" });
    userJoined({ userId: "ada", channelId: "d1" });
    setCall({ channelId: "d1", status: "reconnecting", mode: "p2p" });
    renderBar();
    expect(screen.getByTestId("call-status").textContent).toBe("Reconnecting…");
    expect(screen.getAllByTestId("voice-avatar").map((avatar) => avatar.dataset.userId)).toEqual(["me", "ada"]);
  });

  it("mutes, unmutes and deafens", () => {
    setCall({ channelId: "d1", status: "connected", mode: "p2p" });
    renderBar();
    const mute = screen.getByTestId("voice-mute");
    expect(mute.getAttribute("aria-label")).toBe("Unmute"); // joined muted
    fireEvent.click(mute);
    expect(useVoiceStore.getState().muted).toBe(false);
    fireEvent.click(screen.getByTestId("voice-deafen"));
    expect(useVoiceStore.getState()).toMatchObject({ muted: true, deafened: true });
    expect(screen.getByTestId("voice-deafen").getAttribute("aria-label")).toBe("Undeafen");
  });

  it("says plainly that one joined muted, and unmutes in one click", () => {
    setCall({ channelId: "d1", status: "connected", mode: "p2p" });
    renderBar();
    expect(screen.getByTestId("voice-muted-notice").textContent).toContain("You are muted: nobody hears you");
    fireEvent.click(screen.getByTestId("voice-unmute"));
    expect(useVoiceStore.getState().muted).toBe(false);
    expect(screen.queryByTestId("voice-muted-notice")).toBeNull();
    fireEvent.click(screen.getByTestId("voice-deafen")); // deafened: its own button says so
    expect(screen.queryByTestId("voice-muted-notice")).toBeNull();
  });

  it("shows a participant nobody has loaded (a reloaded server call) from their profile", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      new Response(JSON.stringify({ user: { id: "bob", username: "bob", tag: "0003", avatar: null, hexColor: "#123456" } }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    userJoined({ userId: "me", channelId: "c1", serverId: "s1" });
    userJoined({ userId: "bob", channelId: "c1", serverId: "s1" });
    setCall({ channelId: "c1", serverId: "s1", status: "connected", mode: "p2p" });
    renderBar();
    const bob = () => screen.getAllByTestId("voice-avatar").find((avatar) => avatar.dataset.userId === "bob")!;
    await waitFor(() => expect(bob().getAttribute("title")).toBe("bob"));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/users/bob"]);
  });

  it("names a call in another plugin's kind of conversation (a group) as that plugin says", () => {
    fillSlots([voiceSlots.callPlaces.fill((channelId) => (channelId === "g1" ? { name: "Climbers", to: "/app/groups/g1" } : undefined))]);
    userJoined({ userId: "me", channelId: "g1" });
    setCall({ channelId: "g1", status: "connected", mode: "p2p" });
    renderBar();
    expect(screen.getByTestId("call-status").textContent).toBe("Calling Climbers…");
    expect(screen.getByRole("link").getAttribute("href")).toBe("/app/groups/g1");
    expect(screen.getByRole("link").textContent).toContain("Climbers");
  });
});
