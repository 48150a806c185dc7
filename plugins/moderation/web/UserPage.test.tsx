import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { ModalHost } from "@hearth/ui/modal/ModalHost";
import { useModalStore } from "@hearth/ui/modal/modalStore";
import enGb from "./en-gb.json";
import UserPage from "./UserPage";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const details = (id: string, badges: number, extra: object = {}) => ({
  id, username: `user${id}`, tag: "AB12", badges, joinedAt: 1_700_000_000_000, status: 0, lastOnlineAt: null,
  suspension: null, shadowBan: null, devices: [], servers: [], inventory: [],
  account: { suspendCount: 0, warnCount: 0, warnExpiresAt: null, emailConfirmed: true, email: `user${id}@example.com` },
  ...extra,
});

/** The page of user ``target`` seen by ``viewerBadges``; ``refusal`` answers every POST/DELETE. */
function renderPage(viewerBadges: number, target: ReturnType<typeof details>, refusal?: { status: number; message: string }) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method && init.method !== "GET") {
      return refusal ? json({ message: refusal.message, path: null }, refusal.status) : json({ status: true });
    }
    if (url.includes("users-with-same-ip")) return json([]);
    return json(target);
  });
  useSelfUserStore.setState({ user: { id: "1", username: "chief", tag: "AD01", badges: viewerBadges } as never });
  return render(
    <MemoryRouter initialEntries={[`/app/moderation/users/${target.id}`]}>
      <ModalHost />
      <Routes>
        <Route path="/app/moderation/users/:userId" element={<UserPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const buttons = () => screen.queryAllByRole("button").map((button) => button.textContent);

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

describe("a user's page, within the staff ranks", () => {
  it("offers an admin no sanction and no edit on the founder, but lifting one", async () => {
    renderPage(2, details("7", 1, { shadowBan: { id: "3", userId: "7", bannedAt: 1, reason: "old", bannedById: "2" } }));
    await screen.findByText("Actions");
    expect(buttons()).not.toContain("Suspend");
    expect(buttons()).not.toContain("Warn");
    expect(buttons()).not.toContain("Edit account");
    expect(buttons()).toContain("Lift shadow ban");
    expect(screen.getByText("Nobody can suspend, warn or shadow-ban the founder.")).toBeTruthy();
    expect(screen.getByText("Only the founder can edit the founder's account.")).toBeTruthy();
  });

  it("lets the founder edit their own account, but not sanction it", async () => {
    renderPage(1, details("1", 1));
    await screen.findByText("Actions");
    expect(buttons()).toEqual(expect.arrayContaining(["Edit account"]));
    expect(buttons()).not.toContain("Suspend");
    expect(buttons()).not.toContain("Shadow-ban");
  });

  it("leaves the e-mail and password out of an admin's edit of another admin", async () => {
    renderPage(2, details("8", 2));
    await screen.findByText("Actions");
    expect(buttons()).toEqual(expect.arrayContaining(["Suspend", "Warn", "Shadow-ban", "Edit account"]));
    act(() => fireEvent.click(screen.getByText("Edit account")));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.querySelector("[name=email]")).toBeNull();
    expect(dialog.querySelector("[name=newPassword]")).toBeNull();
    expect(within(dialog).getByText("Only the founder can change an admin's e-mail or password.")).toBeTruthy();
    fireEvent.change(dialog.querySelector("[name=username]")!, { target: { value: "renamed" } });
    fireEvent.change(dialog.querySelector("[name=password]")!, { target: { value: "my own password" } });
    fireEvent.click(within(dialog).getByText("Save changes"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [, sent] = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(JSON.parse(String(sent!.body))).toEqual({ password: "my own password", username: "renamed" });
  });

  it("gives the founder an admin's e-mail and password fields", async () => {
    renderPage(1, details("8", 2));
    await screen.findByText("Actions");
    act(() => fireEvent.click(screen.getByText("Edit account")));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.querySelector("[name=email]")).not.toBeNull();
    expect(dialog.querySelector("[name=newPassword]")).not.toBeNull();
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    renderPage(2, details("8", 2), { status: 403, message: "You are not allowed to warn the founder." });
    await screen.findByText("Actions");
    act(() => fireEvent.click(screen.getByText("Warn")));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(dialog.querySelector("[name=reason]")!, { target: { value: "rude" } });
    fireEvent.change(dialog.querySelector("[name=password]")!, { target: { value: "my own password" } });
    fireEvent.click(within(dialog).getByText("Warn", { selector: "button" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("You are not allowed to warn the founder.");
    expect(screen.getByRole("dialog")).toBe(dialog);
  });

  it("shows a moderator the suggestion instead of any action", async () => {
    renderPage(64, details("9", 0));
    expect(await screen.findByText("Suggest an action")).toBeTruthy();
    expect(buttons()).not.toContain("Suspend");
  });
});
