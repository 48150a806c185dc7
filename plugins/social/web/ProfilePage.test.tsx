import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import ProfilePage from "./ProfilePage";
import { useProfileStore } from "./profileStore";

const api = vi.hoisted(() => ({ fetchUserDetails: vi.fn(), fetchFollowers: vi.fn(), fetchFollowing: vi.fn(), followUser: vi.fn(), unfollowUser: vi.fn() }));
vi.mock("./socialApi", () => api);

function details(profile: object, hexColor = "#123456") {
  return { user: { id: "7", username: "gil", tag: "G000", hexColor, avatar: null, banner: null, followers: [], _count: { followers: 0 } }, profile };
}

function renderProfile() {
  return render(
    <MemoryRouter initialEntries={["/app/profile/7"]}>
      <Routes>
        <Route path="/app/profile/*" element={<ProfilePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => registerTranslations("en-gb", "social", enGb));
beforeEach(() => useProfileStore.setState({ profiles: {} }));
afterEach(cleanup);

// What Chromium does with CSS in profile colours is tested in tests/e2e/test_content_security_flow.py.
describe("profile colours", () => {
  it("draws the background gradient from two hex colours", async () => {
    api.fetchUserDetails.mockResolvedValue(details({ bgColorOne: "#112233", bgColorTwo: "#445566", primaryColor: null, bio: null }));
    renderProfile();
    const page = await screen.findByTestId("profile-page");
    expect(page.style.backgroundImage).toMatch(/^linear-gradient\(135deg, (#112233|rgb\(17, 34, 51\)), (#445566|rgb\(68, 85, 102\))\)$/);
  });
});
