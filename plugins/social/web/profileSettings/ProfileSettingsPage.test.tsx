import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import shellEnGb from "@hearth/i18n/en-gb.json";
import { setSelfUser } from "@hearth/stores/selfUserStore";
import enGb from "../en-gb.json";
import { useProfileStore } from "../profileStore";
import ProfileSettingsPage from "./ProfileSettingsPage";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const savedProfile = { bio: "old bio", bgColorOne: null, bgColorTwo: null, primaryColor: null, font: null, clan: null };

beforeEach(async () => {
  registerTranslations("en-gb", "social", enGb);
  registerTranslations("en-gb", "", shellEnGb);
  localStorage.setItem("userToken", "token");
  vi.stubGlobal("fetch", fetchMock);
  useProfileStore.setState({ profiles: {} });
  setSelfUser({ id: "1", username: "ada", tag: "ABCD", badges: 0, banner: null }, null);
  fetchMock.mockResolvedValueOnce(json({ block: false, user: { id: "1", username: "ada", tag: "ABCD", badges: 0 }, profile: savedProfile }));
  const router = createMemoryRouter([{ path: "/app/settings/account/profile", element: <ProfileSettingsPage /> }, { path: "*", element: <p>elsewhere</p> }], {
    initialEntries: ["/app/settings/account/profile"],
  });
  render(<RouterProvider router={router} />);
  await screen.findByLabelText("Bio");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

const preview = () => screen.getByTestId("profile-preview");
const sentBody = (call: number) => JSON.parse(fetchMock.mock.calls[call]![1]!.body as string);

describe("profile settings", () => {
  it("preview the bio and colours while they are typed, before anything is saved", () => {
    expect(preview().textContent).toContain("old bio");
    fireEvent.change(screen.getByLabelText("Bio"), { target: { value: "new words" } });
    fireEvent.change(screen.getByLabelText("Background (top)"), { target: { value: "#112233" } });
    fireEvent.change(screen.getByLabelText("Background (bottom)"), { target: { value: "#445566" } });
    expect(preview().textContent).toContain("new words");
    expect(preview().style.backgroundImage).toMatch(/linear-gradient\(180deg, (#112233|rgb\(17, 34, 51\)), (#445566|rgb\(68, 85, 102\))\)/);
    expect(screen.getByText("9 / 1000").className).toBe("field__hint");
    expect(fetchMock).toHaveBeenCalledTimes(1); // only the profile fetch
  });

  it("refuse a colour that is not a hex colour without sending it, and never preview it", async () => {
    fireEvent.change(screen.getByLabelText("Primary colour"), { target: { value: "red; background: url(x)" } });
    expect(preview().getAttribute("style") ?? "").not.toContain("url");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Use a hex colour such as #3a7bd5.")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("refuse a bio over 1000 characters", async () => {
    fireEvent.change(screen.getByLabelText("Bio"), { target: { value: "x".repeat(1001) } });
    expect(screen.getByText("1001 / 1000").className).toBe("field__error");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The bio can be at most 1000 characters.")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("send only the changed fields and start again from what the server kept", async () => {
    fireEvent.change(screen.getByLabelText("Bio"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Primary colour"), { target: { value: "#3a7bd5" } });
    fireEvent.change(screen.getByLabelText("Font"), { target: { value: "4" } });
    fetchMock.mockResolvedValueOnce(json({ user: { id: "1", username: "ada", tag: "ABCD", badges: 0, banner: null, profile: { ...savedProfile, bio: null, primaryColor: "#3a7bd5", font: 4 } } }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Saved.");
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/users");
    expect(sentBody(1)).toEqual({ bio: null, primaryColor: "#3a7bd5", font: 4 });
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    expect(useProfileStore.getState().profiles["1"]?.details?.profile?.primaryColor).toBe("#3a7bd5");
  });

  it("show the server's refusal under the field its path names", async () => {
    fireEvent.change(screen.getByLabelText("Background (top)"), { target: { value: "#abc" } });
    fetchMock.mockResolvedValueOnce(json({ message: "Invalid bgColorOne.", path: "bgColorOne" }, 400));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const error = await screen.findByText("Invalid bgColorOne.");
    expect(error.className).toBe("field__error");
    expect(screen.getByLabelText("Background (top)").getAttribute("aria-invalid")).toBe("true");
  });

  it("put the saved values back on cancel", () => {
    fireEvent.change(screen.getByLabelText("Bio"), { target: { value: "draft" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect((screen.getByLabelText("Bio") as HTMLTextAreaElement).value).toBe("old bio");
    expect(preview().textContent).toContain("old bio");
  });
});
