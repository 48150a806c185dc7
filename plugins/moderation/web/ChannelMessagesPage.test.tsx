import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import ChannelMessagesPage from "./ChannelMessagesPage";
import enGb from "./en-gb.json";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const author = { id: "5", username: "talker", tag: "TK01", badges: 0 };
const message = (id: number, content: string) => ({ id: String(id), type: 0, content, createdAt: 1_700_000_000_000 + id, createdBy: author });
const channel = { id: "77", name: "general", server: { id: "7", name: "Town", avatar: null } };

function renderPage(path: string, badges = 2) {
  useSelfUserStore.setState({ user: { id: "1", username: "chief", tag: "AD01", badges } as never });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/moderation/channels/:channelId" element={<ChannelMessagesPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  registerTranslations("en-gb", "moderation", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  useSelfUserStore.setState({ user: null });
});

describe("the channel-messages viewer", () => {
  it("shows a channel's messages around the one asked for, and bot commands without the bot's id", async () => {
    fetchMock.mockResolvedValueOnce(json({ messages: [message(10, "hello"), message(11, "/ping:1843058937612046336 now")], channel }));
    renderPage("/app/moderation/channels/77?around=11");
    const list = await screen.findByTestId("moderation-messages");
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/moderation/channels/77/messages?aroundId=11&limit=50");
    expect(screen.getByTestId("viewed-channel").textContent).toBe("# general");
    expect(list.textContent).toContain("talker:TK01");
    expect(list.textContent).toContain("/ping now");
    expect(list.textContent).not.toContain("1843058937612046336");
    expect(list.querySelector(".moderation-message--highlighted")?.textContent).toContain("/ping now");
    expect(screen.getByText("Town", { exact: false })).toBeTruthy();
  });

  it("loads earlier messages around the oldest one shown", async () => {
    const page = Array.from({ length: 50 }, (_, index) => message(100 + index, `m${100 + index}`));
    fetchMock.mockResolvedValueOnce(json({ messages: page, channel }));
    renderPage("/app/moderation/channels/77");
    await screen.findByTestId("moderation-messages");
    fetchMock.mockResolvedValueOnce(json({ messages: [message(98, "m98"), message(99, "m99"), ...page.slice(0, 3)], channel }));
    fireEvent.click(screen.getByText("Earlier messages"));
    expect(await screen.findByText("m98")).toBeTruthy();
    expect(String(fetchMock.mock.calls[1]![0])).toBe("/api/moderation/channels/77/messages?aroundId=100&limit=50");
    const shown = [...document.querySelectorAll(".moderation-message")].map((row) => row.getAttribute("data-message-id"));
    expect(shown.slice(0, 3)).toEqual(["98", "99", "100"]);
    expect(shown).toHaveLength(52);
  });

  it("says when the channel does not exist, and shows nothing to MODs", async () => {
    fetchMock.mockResolvedValueOnce(json({ messages: [], channel: null }));
    renderPage("/app/moderation/channels/404");
    expect(await screen.findByText("This channel does not exist.")).toBeTruthy();
    cleanup();
    renderPage("/app/moderation/channels/77", 64);
    expect(screen.getByText(enGb.user.adminOnly)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
