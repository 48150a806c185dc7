import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { setSelfUser, useSelfUserStore } from "@hearth/stores/selfUserStore";
import BadgesSettingsPage from "./BadgesSettingsPage";
import enGb from "./en-gb.json";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const item = (bit: number) => ({ id: `i${bit}`, userId: "1", itemType: "badge", itemId: String(bit), acquiredAt: 0 });
const ADMIN = 2, SUPPORTER = 8, CAT_EARS_WHITE = 256;

beforeEach(() => {
  registerTranslations("en-gb", "accounts", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("badges settings", () => {
  it("lists owned, free and staff badges and toggles the shown ones", async () => {
    // CAT_EARS_WHITE is owned but hidden: only the inventory knows it.
    setSelfUser({ id: "1", username: "a", tag: "0001", badges: ADMIN | SUPPORTER }, null);
    fetchMock.mockResolvedValueOnce(json([item(SUPPORTER), item(CAT_EARS_WHITE)]));
    render(<BadgesSettingsPage />);

    expect(await screen.findAllByTestId("badge-row")).toHaveLength(4);
    const admin = screen.getByLabelText("Show the Admin badge") as HTMLInputElement;
    expect(admin.checked && admin.disabled).toBe(true);
    const ears = screen.getByLabelText("Show the White cat ears badge") as HTMLInputElement;
    expect(ears.checked).toBe(false);

    fetchMock.mockResolvedValueOnce(json({ badges: ADMIN | SUPPORTER | CAT_EARS_WHITE }));
    fireEvent.click(ears);
    await waitFor(() => expect(useSelfUserStore.getState().user?.badges).toBe(ADMIN | SUPPORTER | CAT_EARS_WHITE));
    expect(String(fetchMock.mock.calls[1]![0])).toBe("/api/users/badges/toggle");
    expect(fetchMock.mock.calls[1]![1]!.body).toBe(JSON.stringify({ bit: CAT_EARS_WHITE }));
    expect((screen.getByLabelText("Show the White cat ears badge") as HTMLInputElement).checked).toBe(true);
  });

  it("says why a toggle failed and keeps the badge as it was", async () => {
    setSelfUser({ id: "1", username: "a", tag: "0001", badges: 0 }, null);
    fetchMock.mockResolvedValueOnce(json([]));
    render(<BadgesSettingsPage />);
    const palestine = (await screen.findByLabelText("Show the Palestine badge")) as HTMLInputElement;
    fetchMock.mockResolvedValueOnce(json({ message: "You do not own this badge.", path: null }, 400));
    fireEvent.click(palestine);
    expect((await screen.findByRole("alert")).textContent).toContain("You do not own this badge.");
    expect(useSelfUserStore.getState().user?.badges).toBe(0);
  });
});
