import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "../en-gb.json";
import { PasswordSection } from "./PasswordSection";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  registerTranslations("en-gb", "accounts", enGb);
  localStorage.setItem("userToken", "old-token");
  vi.stubGlobal("fetch", fetchMock);
  render(<PasswordSection />);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

function changePassword(current: string, next: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText("Current password"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole("button", { name: "Change password" }));
}

describe("password section", () => {
  it("checks the confirmation before asking the server", async () => {
    changePassword("old password", "new password", "other password");
    expect(await screen.findByText("Confirm password does not match.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the current and new password and keeps the new token", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ user: { id: "1" }, newToken: "new-token" }), { status: 200 }),
    );
    changePassword("old password", "new password", "new password");

    expect(await screen.findByText("Password changed. Your other sessions were signed out.")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/users");
    expect((init!.headers as Record<string, string>).Authorization).toBe("old-token");
    expect(JSON.parse(init!.body as string)).toEqual({ password: "old password", newPassword: "new password" });
    expect(localStorage.getItem("userToken")).toBe("new-token");
  });

  it("shows a wrong current password under that field", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: "Invalid Password", path: "password" }), { status: 400 }),
    );
    changePassword("bad password", "new password", "new password");
    expect(await screen.findByText("Invalid Password")).toBeTruthy();
    expect(screen.getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(localStorage.getItem("userToken")).toBe("old-token");
  });
});

describe("an account with no password yet (made through single sign-on)", () => {
  it("sets a first password without asking for a current one, keeping the session", async () => {
    cleanup();
    const onSet = vi.fn();
    render(<PasswordSection passwordSet={false} onSet={onSet} />);
    expect(screen.queryByLabelText("Current password")).toBeNull();
    expect(screen.getByText(/has no password yet/)).toBeTruthy();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ user: { id: "1" } }), { status: 200 }));
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "first password" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "first password" } });
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));

    expect(await screen.findByText("Password set. You are still signed in everywhere.")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/users");
    expect(JSON.parse(init!.body as string)).toEqual({ newPassword: "first password" });
    expect(onSet).toHaveBeenCalledOnce();
    expect(localStorage.getItem("userToken")).toBe("old-token");
  });
});
