import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import { applyTicketUpdate, ticketUpdated } from "./live";
import TicketsPage from "./TicketsPage";
import type { Ticket } from "./types";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
const ticket = (id: number, extra: Partial<Ticket> = {}): Ticket =>
  ({ id, status: 0, category: 1, title: `Ticket ${id}`, openedAt: 1, channelId: `c${id}`, lastUpdatedAt: id, seen: true, ...extra }) as Ticket;

describe("applyTicketUpdate", () => {
  const list = [ticket(3, { lastUpdatedAt: 30 }), ticket(2, { lastUpdatedAt: 20 }), ticket(1, { lastUpdatedAt: 10 })];

  it("replaces a listed ticket and sorts the list newest update first", () => {
    const next = applyTicketUpdate(list, ticket(1, { status: 1, lastUpdatedAt: 40, title: "Ticket 1" }), undefined);
    expect(next).not.toBe("reload");
    expect((next as Ticket[]).map((item) => [item.id, item.status])).toEqual([[1, 1], [3, 0], [2, 0]]);
  });

  it("drops a ticket that no longer matches the status shown", () => {
    expect(applyTicketUpdate(list, ticket(2, { status: 2, lastUpdatedAt: 50 }), 0)).toEqual([list[0], list[2]]);
  });

  it("asks for the list again for a ticket it lacks that belongs in it, and ignores one that does not", () => {
    expect(applyTicketUpdate(list, ticket(9), 0)).toBe("reload");
    expect(applyTicketUpdate(list, ticket(9), undefined)).toBe("reload");
    expect(applyTicketUpdate(list, ticket(9, { status: 3 }), 0)).toBe(list);
  });
});

describe("the user's ticket list, live", () => {
  beforeEach(() => {
    registerTranslations("en-gb", "tickets", enGb);
    vi.stubGlobal("fetch", fetchMock);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("shows a status change and a new reply mark as staff make them", async () => {
    fetchMock.mockResolvedValue(json([ticket(1)]));
    render(
      <MemoryRouter initialEntries={["/t"]}>
        <Routes>
          <Route path="/t" element={<TicketsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const list = await screen.findByTestId("ticket-list");
    expect(list.textContent).toContain("Waiting for a moderator");
    act(() => ticketUpdated({ ticket: ticket(1, { status: 1, seen: false, lastUpdatedAt: 99 }) }));
    expect(list.textContent).toContain("Waiting for your reply");
    expect(list.querySelectorAll(".ticket-row--unread")).toHaveLength(1);
  });
});
