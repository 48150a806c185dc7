import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import type { Webhook } from "./types";
import { WebhooksTab } from "./WebhooksTab";
import { executeUrl, nameProblem } from "./webhooksApi";

const fetchMock = vi.fn<typeof fetch>();

const hook = (id: string, name: string): Webhook => ({
  id, name, hexColor: "#aa5533", avatar: null, channelId: "c1", serverId: "s1", createdById: "u1", createdAt: Date.UTC(2026, 0, 2), deleting: null,
});

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/servers/s1/settings/channels/c1/webhooks" element={<WebhooksTab serverId="s1" channelId="c1" rest={[]} />} />
        <Route path="/app/servers/s1/settings/channels/c1/webhooks/:id" element={<WebhooksTab serverId="s1" channelId="c1" rest={[path.split("/").pop()!]} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => registerTranslations("en-gb", "webhooks", enGb));
beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("webhook helpers", () => {
  it("builds the execute URL from the origin, id and token", () => {
    expect(executeUrl("https://hearth.example/", "12", "abc.def")).toBe("https://hearth.example/api/webhooks/12/abc.def");
  });

  it("checks names as the server does", () => {
    expect(nameProblem("ok name")).toBeNull();
    expect(nameProblem("ab")).toBe("nameLength");
    expect(nameProblem("x".repeat(36))).toBe("nameLength");
    expect(nameProblem("a@bcd")).toBe("nameSymbols");
    expect(nameProblem("a:bcd")).toBe("nameSymbols");
  });
});

describe("webhooks tab", () => {
  it("lists webhooks and creates one with a busy button", async () => {
    fetchMock.mockResolvedValueOnce(reply(200, [hook("1", "Webhook 1")]));
    renderAt("/app/servers/s1/settings/channels/c1/webhooks");
    expect(await screen.findByText("Webhook 1")).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/servers/s1/channels/c1/webhooks");

    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const create = screen.getByRole("button", { name: "Create webhook" });
    fireEvent.click(create);
    await waitFor(() => expect(create.getAttribute("aria-busy")).toBe("true"));
    await act(async () => answer(reply(200, hook("2", "Webhook 2"))));
    await waitFor(() => expect(screen.getAllByTestId("webhook-row").map((row) => row.textContent?.slice(0, 10))).toEqual(["WWebhook 2", "WWebhook 1"]));
    expect(fetchMock.mock.calls[1]![1]!.method).toBe("POST");
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(reply(200, []));
    renderAt("/app/servers/s1/settings/channels/c1/webhooks");
    expect(await screen.findByText("No webhooks in this channel yet.")).toBeTruthy();
    fetchMock.mockResolvedValueOnce(reply(403, { message: "Missing Admin permission", path: null }));
    fireEvent.click(screen.getByRole("button", { name: "Create webhook" }));
    expect(await screen.findByText("Missing Admin permission")).toBeTruthy();
  });

  it("opens one webhook, fetches its URL from the token route and renames it", async () => {
    fetchMock.mockResolvedValueOnce(reply(200, hook("9", "Webhook 1")));
    renderAt("/app/servers/s1/settings/channels/c1/webhooks/9");
    expect(await screen.findByRole("heading", { name: "Webhook 1" })).toBeTruthy();
    expect(screen.getByText("#aa5533")).toBeTruthy();

    fetchMock.mockResolvedValueOnce(reply(200, { token: "tok.en" }));
    fireEvent.click(screen.getByRole("button", { name: "Copy URL" }));
    const url = (await screen.findByTestId("webhook-url")) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/api/webhooks/9/tok.en`);
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/servers/s1/channels/c1/webhooks/9/token");

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "a@b" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name cannot contain @ or :")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockResolvedValueOnce(reply(200, hook("9", "Deploys")));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Deploys" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("heading", { name: "Deploys" })).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[2]![1]!.body))).toEqual({ name: "Deploys" });
  });

  it("says when a webhook is gone", async () => {
    fetchMock.mockResolvedValueOnce(reply(404, { message: "Webhook not found.", path: null }));
    renderAt("/app/servers/s1/settings/channels/c1/webhooks/9");
    expect(await screen.findByText("Webhook not found.")).toBeTruthy();
  });
});
