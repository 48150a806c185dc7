import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import TicketsPage from "./TicketsPage";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const ticket = (id: number, extra: object = {}) => ({ id, status: 0, category: 1, title: `Ticket ${id}`, openedAt: 1, channelId: `c${id}`, lastUpdatedAt: 1_700_000_000_000, seen: true, ...extra });

beforeEach(() => {
  registerTranslations("en-gb", "tickets", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={["/app/settings/tickets"]}>
      <Routes>
        <Route path="/app/settings/tickets" element={<TicketsPage />} />
        <Route path="/app/settings/tickets/:id" element={<p>ticket page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the user's tickets", () => {
  it("lists them with their status and marks those staff updated", async () => {
    fetchMock.mockResolvedValueOnce(json([ticket(2, { status: 1, seen: false }), ticket(1, { status: 2 })]));
    renderPage();
    const list = await screen.findByTestId("ticket-list");
    expect(list.textContent).toContain("Ticket 2");
    expect(list.textContent).toContain("Waiting for your reply");
    expect(list.textContent).toContain("New reply");
    expect(list.textContent).toContain("Closed (done)");
    expect(list.querySelectorAll(".ticket-row--unread")).toHaveLength(1);
  });

  it("opens a ticket with a category, a title and a first message", async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    renderPage();
    expect(await screen.findByText("You have not opened a ticket yet.")).toBeTruthy();
    fireEvent.click(screen.getByText("New ticket"));
    fireEvent.click(screen.getByText("Open ticket"));
    expect(await screen.findByText("Give your ticket a title.")).toBeTruthy();

    fireEvent.change(screen.getByRole("combobox"), { target: { value: "4" } });
    fireEvent.change(document.querySelector("[name=title]")!, { target: { value: "Verify my server" } });
    fireEvent.change(document.querySelector("[name=body]")!, { target: { value: "It is a real community." } });
    fetchMock.mockResolvedValueOnce(json(ticket(9)));
    fireEvent.click(screen.getByText("Open ticket"));
    expect(await screen.findByText("ticket page")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe("/api/tickets");
    expect(JSON.parse(String(init!.body))).toEqual({ title: "Verify my server", body: "It is a real community.", category: 4 });
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    renderPage();
    fireEvent.click(await screen.findByText("New ticket"));
    fireEvent.change(document.querySelector("[name=title]")!, { target: { value: "t" } });
    fireEvent.change(document.querySelector("[name=body]")!, { target: { value: "b" } });
    fetchMock.mockResolvedValueOnce(json({ message: "Something went wrong. Try again later.", path: null }, 403));
    fireEvent.click(screen.getByText("Open ticket"));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Something went wrong. Try again later."));
  });

  it("filters them by status from the tab bar", async () => {
    fetchMock.mockResolvedValueOnce(json([ticket(2, { status: 1 }), ticket(1, { status: 2 })]));
    renderPage();
    await screen.findByTestId("ticket-list");
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/tickets");
    const all = screen.getByRole("tab", { name: "All" });
    expect(all.getAttribute("aria-selected")).toBe("true");

    fetchMock.mockResolvedValueOnce(json([ticket(1, { status: 2 })]));
    fireEvent.click(screen.getByRole("tab", { name: "Closed (done)" }));
    await waitFor(() => expect(screen.getByTestId("ticket-list").textContent).not.toContain("Ticket 2"));
    expect(String(fetchMock.mock.calls[1]![0])).toBe("/api/tickets?status=2");
    expect(screen.getByRole("tab", { name: "Closed (done)" }).getAttribute("aria-selected")).toBe("true");
    expect(all.getAttribute("aria-selected")).toBe("false");

    fetchMock.mockResolvedValueOnce(json([]));
    fireEvent.click(screen.getByRole("tab", { name: "Waiting for your reply" }));
    expect(await screen.findByText("No tickets with this status.")).toBeTruthy();
    expect(String(fetchMock.mock.calls[2]![0])).toBe("/api/tickets?status=1");
  });
});

