import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import { noticeCreated, noticesReceived, useNotices, WarningNotices } from "./notices";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const notice = (id: string, content: string) => ({ id, type: 0, title: null, content, createdAt: 1_700_000_000_000, createdBy: { username: "mod" } });

beforeEach(() => {
  registerTranslations("en-gb", "moderation", enGb);
  vi.stubGlobal("fetch", fetchMock);
  useNotices.setState({ notices: [] });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("warnings", () => {
  it("shows the oldest warning until acknowledged, then the next one", async () => {
    noticesReceived({ user: { notices: [notice("1", "Be nice.")] } });
    noticeCreated(notice("2", "Stop spamming."));
    noticeCreated(notice("2", "Stop spamming."));
    expect(useNotices.getState().notices.map((n) => n.id)).toEqual(["1", "2"]);
    render(<WarningNotices />);
    expect(screen.getByTestId("moderation-warning").textContent).toContain("Be nice.");
    expect(screen.getByTestId("moderation-warning").textContent).toContain("From mod");

    fetchMock.mockResolvedValueOnce(json({ success: true }));
    fireEvent.click(screen.getByText("I understand"));
    await waitFor(() => expect(screen.getByTestId("moderation-warning").textContent).toContain("Stop spamming."));
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/users/notices/1");
    expect(fetchMock.mock.calls[0]![1]!.method).toBe("DELETE");
  });

  it("keeps the warning and says why when the dismissal fails", async () => {
    noticeCreated(notice("3", "Last warning."));
    render(<WarningNotices />);
    fetchMock.mockResolvedValueOnce(json({ message: "Notice not found", path: null }, 404));
    fireEvent.click(screen.getByText("I understand"));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByTestId("moderation-warning").textContent).toContain("Last warning.");
  });

  it("shows nothing without warnings", () => {
    noticesReceived({ user: {} });
    render(<WarningNotices />);
    expect(screen.queryByTestId("moderation-warning")).toBeNull();
  });
});
