import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { setSelfUser, useSelfUserStore } from "@hearth/stores/selfUserStore";
import enGb from "./en-gb.json";
import PrivacySettingsPage from "./PrivacySettingsPage";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  registerTranslations("en-gb", "accounts", enGb);
  localStorage.setItem("userToken", "token");
  vi.stubGlobal("fetch", fetchMock);
  setSelfUser({ id: "1", username: "ada", tag: "ABCD", badges: 0, dmStatus: 0, friendRequestStatus: 0, lastOnlineStatus: 1, hideFollowers: false, hideFollowing: false }, null);
  render(<PrivacySettingsPage />);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

const sentBody = (call: number) => JSON.parse(fetchMock.mock.calls[call]![1]!.body as string);

describe("privacy settings", () => {
  it("show the stored choices", () => {
    expect((screen.getByLabelText("Who can send you direct messages") as HTMLSelectElement).value).toBe("0");
    expect((screen.getByLabelText("Who can see when you were last online") as HTMLSelectElement).value).toBe("1");
    expect((screen.getByRole("switch", { name: /Hide my followers/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("send one change at a time and keep what the server answers", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ user: { id: "1", dmStatus: 2 } }), { status: 200 }));
    fireEvent.change(screen.getByLabelText("Who can send you direct messages"), { target: { value: "2" } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/users");
    expect(sentBody(0)).toEqual({ dmStatus: 2 });
    await waitFor(() => expect(useSelfUserStore.getState().user?.dmStatus).toBe(2));

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ user: { id: "1", hideFollowing: true } }), { status: 200 }));
    fireEvent.click(screen.getByRole("switch", { name: /Hide who I follow/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sentBody(1)).toEqual({ hideFollowing: true });
    await waitFor(() => expect((screen.getByRole("switch", { name: /Hide who I follow/ }) as HTMLInputElement).checked).toBe(true));
  });

  it("put the old choice back and say why when the server refuses", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: "Invalid friendRequestStatus.", path: "friendRequestStatus" }), { status: 400 }));
    fireEvent.change(screen.getByLabelText("Who can send you friend requests"), { target: { value: "2" } });
    expect(await screen.findByText("Invalid friendRequestStatus.")).toBeTruthy();
    expect(useSelfUserStore.getState().user?.friendRequestStatus).toBe(0);
    expect((screen.getByLabelText("Who can send you friend requests") as HTMLSelectElement).value).toBe("0");
  });

  it("keep each control disabled until its own save ends, also while another one starts", async () => {
    let finishFirst: (answer: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (finishFirst = resolve)));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ user: { id: "1", hideFollowers: true } }), { status: 200 }));
    const lastOnline = screen.getByLabelText("Who can see when you were last online") as HTMLSelectElement;
    const hideFollowers = screen.getByRole("switch", { name: /Hide my followers/ }) as HTMLInputElement;
    fireEvent.change(lastOnline, { target: { value: "0" } });
    fireEvent.click(hideFollowers);
    await waitFor(() => expect(hideFollowers.disabled).toBe(true));
    expect(lastOnline.disabled).toBe(true); // the second save starting does not show the first as done
    finishFirst(new Response(JSON.stringify({ user: { id: "1", lastOnlineStatus: 0 } }), { status: 200 }));
    await waitFor(() => expect(lastOnline.disabled).toBe(false));
    await waitFor(() => expect(hideFollowers.disabled).toBe(false));
    expect(useSelfUserStore.getState().user).toMatchObject({ lastOnlineStatus: 0, hideFollowers: true });
  });
});
