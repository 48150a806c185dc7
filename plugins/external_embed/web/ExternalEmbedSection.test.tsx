import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import ExternalEmbedSection from "./ExternalEmbedSection";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const missing = () => json({ message: "Embed not found.", path: null }, 400);

beforeEach(() => {
  registerTranslations("en-gb", "external_embed", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("external-embed settings", () => {
  it("creates the embed from the chosen invite, shows its address, deletes it", async () => {
    fetchMock.mockResolvedValueOnce(missing()).mockResolvedValueOnce(json([{ code: "aaaaa", isCustom: false, uses: 0 }, { code: "bbbbb", isCustom: false, uses: 2 }]));
    render(<ExternalEmbedSection serverId="s1" rest={[]} />);
    fireEvent.change(await screen.findByLabelText("Invite used by the widget"), { target: { value: "bbbbb" } });
    fetchMock
      .mockResolvedValueOnce(json({ id: "x1" }))
      .mockResolvedValueOnce(json({ id: "x1", type: 0, serverId: "s1", serverInviteCode: "bbbbb", userId: null }));
    fireEvent.click(screen.getByRole("button", { name: "Create embed" }));
    expect((await screen.findByTestId("external-embed-status")).textContent).toContain("bbbbb");
    expect(fetchMock.mock.calls[2]![0]).toBe("/api/servers/s1/external-embed?inviteId=bbbbb");
    expect(screen.getByTestId("external-embed-url").textContent).toBe(`${window.location.origin}/api/servers/s1/external-embed.json`);

    fetchMock.mockResolvedValueOnce(json({ status: true })).mockResolvedValueOnce(missing()).mockResolvedValueOnce(json([]));
    fireEvent.click(screen.getByRole("button", { name: "Delete embed" }));
    expect(await screen.findByText("The server has no invite you can use yet.")).toBeTruthy();
    expect(fetchMock.mock.calls[4]![1]!.method).toBe("DELETE");
  });

  it("makes an invite when there is none and shows the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(missing()).mockResolvedValueOnce(json([]));
    render(<ExternalEmbedSection serverId="s1" rest={[]} />);
    expect((await screen.findByRole("button", { name: "Create embed" })).hasAttribute("disabled")).toBe(true);
    fetchMock.mockResolvedValueOnce(json({ code: "ccccc", isCustom: false, uses: 0 }));
    fireEvent.click(screen.getByRole("button", { name: "Create an invite" }));
    await waitFor(() => expect((screen.getByLabelText("Invite used by the widget") as HTMLSelectElement).value).toBe("ccccc"));
    fetchMock.mockResolvedValueOnce(json({ message: "Missing Admin permission", path: null }, 403));
    fireEvent.click(screen.getByRole("button", { name: "Create embed" }));
    expect(await screen.findByText("Missing Admin permission")).toBeTruthy();
  });
});
