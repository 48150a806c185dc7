import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import enGb from "./en-gb.json";
import UserEmbedPage from "./UserEmbedPage";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const missing = () => json({ message: "Embed not found.", path: null }, 400);

beforeEach(() => {
  registerTranslations("en-gb", "external_embed", enGb);
  vi.stubGlobal("fetch", fetchMock);
  useSelfUserStore.setState({ user: { id: "u1", username: "ada", tag: "0001" } as never });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("user external embed page", () => {
  it("creates the embed, shows its address and deletes it", async () => {
    fetchMock.mockResolvedValueOnce(missing());
    render(<UserEmbedPage />);
    fetchMock
      .mockResolvedValueOnce(json({ id: "x1" }))
      .mockResolvedValueOnce(json({ id: "x1", type: 1, serverId: null, serverInviteCode: null, userId: "u1" }));
    fireEvent.click(await screen.findByRole("button", { name: "Create embed" }));
    expect((await screen.findByTestId("user-embed-url")).textContent).toBe(`${window.location.origin}/api/users/u1/external-embed.json`);
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/users/external-embed");
    expect(fetchMock.mock.calls[1]![1]!.method).toBe("POST");

    fetchMock.mockResolvedValueOnce(json({ status: true })).mockResolvedValueOnce(missing());
    fireEvent.click(screen.getByRole("button", { name: "Delete embed" }));
    expect(await screen.findByText("You have no embed yet.")).toBeTruthy();
    expect(fetchMock.mock.calls[3]![1]!.method).toBe("DELETE");
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(missing());
    render(<UserEmbedPage />);
    fetchMock.mockResolvedValueOnce(json({ message: "Embed already exists.", path: null }, 400));
    fireEvent.click(await screen.findByRole("button", { name: "Create embed" }));
    expect(await screen.findByText("Embed already exists.")).toBeTruthy();
  });
});
