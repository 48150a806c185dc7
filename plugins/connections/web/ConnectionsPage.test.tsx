import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import ConnectionsPage from "./ConnectionsPage";
import { connectionAdded, setConnections, useConnections } from "./connectionsStore";
import enGb from "./en-gb.json";
import LinkReturnPage, { providerOfPage } from "./LinkReturnPage";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const fake = { id: "fake", name: "Fake ID", kind: "oauth2" };
const linked = { id: "c1", provider: "fake", connectedAt: Date.UTC(2026, 0, 5), name: "alice" };

beforeEach(() => {
  registerTranslations("en-gb", "connections", enGb);
  vi.stubGlobal("fetch", fetchMock);
  setConnections([]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/settings/connections" element={<ConnectionsPage />} />
        <Route path="/app/settings/connections/:returnPage" element={<LinkReturnPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the connections section", () => {
  it("says plainly when the server offers nothing to link", async () => {
    fetchMock.mockResolvedValueOnce(json({ providers: [], connections: [] }));
    renderAt("/app/settings/connections");
    expect((await screen.findByTestId("connections-none")).textContent).toContain("has not set one up");
  });

  it("lists the providers, and unlinks", async () => {
    fetchMock.mockResolvedValueOnce(json({ providers: [fake, { id: "GOOGLE", name: "Google", kind: "google" }], connections: [linked] }));
    renderAt("/app/settings/connections");
    expect((await screen.findByTestId("connection-fake")).textContent).toContain("Linked as alice since");
    expect(screen.getByTestId("connection-GOOGLE").textContent).toContain("Not linked");
    expect(screen.getByRole("button", { name: "Link Google" })).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json({ status: true }));
    fireEvent.click(screen.getByRole("button", { name: "Unlink Fake ID" }));
    expect(await screen.findByText("Your Fake ID account is no longer linked.")).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/connections/c1");
    expect(fetchMock.mock.calls[1]![1]!.method).toBe("DELETE");
    expect(screen.getByRole("button", { name: "Link Fake ID" })).toBeTruthy();
  });

  it("shows a link made elsewhere at once, and a link whose provider is gone", async () => {
    fetchMock.mockResolvedValueOnce(json({ providers: [fake], connections: [{ ...linked, provider: "old" }] }));
    renderAt("/app/settings/connections");
    expect((await screen.findByTestId("connection-old")).textContent).toContain("No longer offered on this server");
    connectionAdded({ connection: linked });
    await waitFor(() => expect(screen.getByTestId("connection-fake").textContent).toContain("Linked as alice"));
  });

  it("shows the server's refusal to start a link", async () => {
    fetchMock.mockResolvedValueOnce(json({ providers: [fake], connections: [] }));
    renderAt("/app/settings/connections");
    fetchMock.mockResolvedValueOnce(json({ message: "Fake ID could not be reached. Try again later.", path: null }, 502));
    fireEvent.click(await screen.findByRole("button", { name: "Link Fake ID" }));
    expect(await screen.findByText("Fake ID could not be reached. Try again later.")).toBeTruthy();
  });
});

describe("coming back from the provider", () => {
  it("posts the provider's answer once and shows the linked account", async () => {
    fetchMock.mockResolvedValueOnce(json({ connection: linked })).mockResolvedValueOnce(json({ providers: [fake], connections: [linked] }));
    renderAt("/app/settings/connections/fake-redirect?state=s1&code=c1");
    expect(await screen.findByText("Your Fake ID account is linked.")).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/connections/fake/callback");
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ state: "s1", code: "c1" });
    expect(useConnections.getState().connections).toEqual([linked]);
  });

  it("hands Google's answer to the reference route", async () => {
    const google = { id: "g1", provider: "GOOGLE", connectedAt: 1 };
    fetchMock.mockResolvedValueOnce(json({ connection: google })).mockResolvedValueOnce(json({ providers: [{ id: "GOOGLE", name: "Google", kind: "google" }], connections: [google] }));
    renderAt("/app/settings/connections/google-redirect?state=s2&code=c2");
    expect(await screen.findByText("Your Google account is linked.")).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/connections/google/link-account");
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ nerimityToken: "s2", code: "c2" });
  });

  it("shows the server's message when the link fails", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ message: "Fake ID did not link the account: access_denied.", path: null }, 400))
      .mockResolvedValueOnce(json({ providers: [fake], connections: [] }));
    renderAt("/app/settings/connections/fake-redirect?state=s3&error=access_denied");
    expect(await screen.findByText("Fake ID did not link the account: access_denied.")).toBeTruthy();
  });

  it("knows which provider a return page is for", () => {
    expect(providerOfPage("google-redirect")).toBe("GOOGLE");
    expect(providerOfPage("google-drive-redirect")).toBe("GOOGLE_DRIVE");
    expect(providerOfPage("my-id-redirect")).toBe("my-id");
    expect(providerOfPage("-redirect")).toBeNull();
    expect(providerOfPage("elsewhere")).toBeNull();
  });
});

describe("coming back to a return address again", () => {
  it("shows the first outcome without posting twice", async () => {
    fetchMock.mockResolvedValueOnce(json({ connection: linked })).mockResolvedValueOnce(json({ providers: [fake], connections: [linked] }));
    renderAt("/app/settings/connections/fake-redirect?state=again&code=c9");
    expect(await screen.findByText("Your Fake ID account is linked.")).toBeTruthy();
    cleanup();
    fetchMock.mockResolvedValueOnce(json({ providers: [fake], connections: [linked] }));
    renderAt("/app/settings/connections/fake-redirect?state=again&code=c9");
    expect(await screen.findByText("Your Fake ID account is linked.")).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/callback"))).toHaveLength(1);
  });
});
