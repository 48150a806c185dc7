import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { ModalHost } from "@hearth/ui/modal/ModalHost";
import { useModalStore } from "@hearth/ui/modal/modalStore";
import enGb from "./en-gb.json";
import SuggestionsPage from "./SuggestionsPage";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const mod = { id: "9", username: "watcher", tag: "MOD1", badges: 64 };
const suggestion = (id: string, actionType: number, extra: object) => ({
  id, createdAt: 1_700_000_000_000, actionType, suggestById: "9", serverId: null, postId: null, userId: null,
  reason: "spams links", suggestBy: mod, post: null, user: null, server: null, ...extra,
});
const spammer = { id: "5", username: "spammer", tag: "SP4M", badges: 0 };

function renderPage(badges: number) {
  useSelfUserStore.setState({ user: { id: "1", username: "chief", tag: "AD01", badges } as never });
  return render(
    <MemoryRouter>
      <ModalHost />
      <SuggestionsPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  registerTranslations("en-gb", "moderation", enGb);
  vi.stubGlobal("fetch", fetchMock);
  useModalStore.setState({ modals: [] });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  useSelfUserStore.setState({ user: null });
});

describe("suggested actions", () => {
  it("lists what moderators proposed, with the target, the reason and who proposed it", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: [
      suggestion("2", 3, { serverId: "7", server: { id: "7", name: "Scam Hub", hexColor: "#123456", avatar: null, createdAt: 1, scheduledForDeletion: null, publicServer: null, createdBy: spammer } }),
      suggestion("1", 0, { userId: "5", user: spammer }),
    ] }));
    renderPage(64);
    const list = await screen.findByTestId("moderation-suggestions");
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/moderation/suggest_action?limit=30");
    const rows = list.querySelectorAll("[data-testid=suggestion]");
    expect(rows[0]!.textContent).toContain("Delete server");
    expect(rows[0]!.textContent).toContain("Scam Hub");
    expect(rows[1]!.textContent).toContain("Suspend");
    expect(rows[1]!.textContent).toContain("spammer:SP4M");
    expect(rows[1]!.textContent).toContain("spams links");
    expect(rows[1]!.textContent).toContain("Suggested by watcher:MOD1");
    expect(screen.queryByText("Act")).toBeNull(); // MODs cannot act, only admins
    expect(screen.getAllByText("Open")).toHaveLength(2);
  });

  it("lets staff dismiss one", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: [suggestion("1", 7, { userId: "5", user: spammer })] }));
    renderPage(64);
    await screen.findByTestId("moderation-suggestions");
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    fireEvent.click(screen.getByText("Dismiss"));
    expect(await screen.findByText("Nothing here.")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe("/api/moderation/suggest_action/1");
    expect(init!.method).toBe("DELETE");
  });

  it("offers no Act on a suggestion against the founder, whom nobody may sanction", async () => {
    const founder = { id: "6", username: "founder", tag: "F001", badges: 1 };
    fetchMock.mockResolvedValueOnce(json({ success: true, data: [suggestion("1", 0, { userId: "6", user: founder })] }));
    renderPage(2);
    await screen.findByTestId("moderation-suggestions");
    expect(screen.queryByText("Act")).toBeNull();
    expect(screen.getByText("Open")).toBeTruthy();
  });

  it("lets an admin act with the suggested reason filled in, then removes the suggestion", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: [suggestion("1", 7, { userId: "5", user: spammer })] }));
    renderPage(2);
    await screen.findByTestId("moderation-suggestions");
    act(() => fireEvent.click(screen.getByText("Act")));
    const reason = (await screen.findByRole("dialog")).querySelector("[name=reason]") as HTMLTextAreaElement;
    expect(reason.value).toBe("spams links");
    fireEvent.change(document.querySelector("[name=password]")!, { target: { value: "my own password" } });
    fetchMock.mockResolvedValueOnce(json({ status: true })).mockResolvedValueOnce(json({ success: true }));
    fireEvent.click(screen.getByText("Warn", { selector: "button" }));
    expect(await screen.findByText("Nothing here.")).toBeTruthy();
    const [warnUrl, warn] = fetchMock.mock.calls[1]!;
    expect(String(warnUrl)).toBe("/api/moderation/users/warn");
    expect(JSON.parse(String(warn!.body))).toEqual({ password: "my own password", userIds: ["5"], reason: "spams links" });
    expect(String(fetchMock.mock.calls[2]![0])).toBe("/api/moderation/suggest_action/1");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
