import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RegisterForm } from "./RegisterForm";

const fetchMock = vi.fn<typeof fetch>();
const onRegistered = vi.fn();

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal("fetch", fetchMock);
  render(<RegisterForm onRegistered={onRegistered} />);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  onRegistered.mockReset();
});

function fillIn(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.org" } });
  fireEvent.change(screen.getByLabelText("Username"), { target: { value: "ada" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole("button", { name: "Create account" }));
}

describe("register form", () => {
  it("refuses a password of 72 characters or more without calling the server", async () => {
    const long = "x".repeat(72);
    fillIn(long, long);
    expect(await screen.findByText("Password must be less than 72 characters.")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a confirmation that does not match", async () => {
    fillIn("correct horse", "battery staple");
    expect(await screen.findByText("Confirm password does not match.")).toBeTruthy();
    expect(screen.getByLabelText("Confirm password").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a server error under the field its path names", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: "Email already exists.", path: "email" }), { status: 400 }),
    );
    fillIn("correct horse", "correct horse");
    expect(await screen.findByText("Email already exists.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(onRegistered).not.toHaveBeenCalled();
    expect(localStorage.getItem("userToken")).toBeNull();
  });

  it("stores the token and moves on when the server accepts", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ token: "new-token" }), { status: 200 }));
    fillIn("correct horse", "correct horse");
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(localStorage.getItem("userToken")).toBe("new-token");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/users/register");
    expect(JSON.parse(init!.body as string)).toEqual({ email: "ada@example.org", username: "ada", password: "correct horse" });
  });
});
