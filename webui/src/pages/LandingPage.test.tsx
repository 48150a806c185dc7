/** The public pages with the instance's own words (GET /api/instance), and without them. */
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshInstanceInfo, ruleLines } from "./instanceInfo";
import { LandingPage } from "./LandingPage";
import { RegisterPage } from "./RegisterPage";

const fetchMock = vi.fn<typeof fetch>();
const LANTERN = {
  name: "Lantern Commons",
  description: "A quiet instance.",
  icon: "",
  rules: "Be kind.\n\n  No spam.  \n",
  contact: "staff@lantern.example",
  motd: "Meet-up on Friday.",
};

function serve(status: number, body: unknown) {
  fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

async function renderPage(page: "landing" | "register") {
  await refreshInstanceInfo();
  render(<MemoryRouter>{page === "landing" ? <LandingPage /> : <RegisterPage />}</MemoryRouter>);
}

describe("the instance on the public pages", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("reads rules one per line, blank lines dropped", () => {
    expect(ruleLines(LANTERN.rules)).toEqual(["Be kind.", "No spam."]);
  });

  it("shows the name, description, message of the day, rules and contact on the landing page", async () => {
    serve(200, LANTERN);
    await renderPage("landing");
    expect(fetchMock).toHaveBeenCalledWith("/api/instance", expect.anything());
    expect(screen.getByTestId("landing-title").textContent).toBe("Lantern Commons");
    expect(screen.getByText("A quiet instance.")).toBeTruthy();
    expect(screen.getByRole("note", { name: "Message of the day" }).textContent).toBe("Meet-up on Friday.");
    const details = screen.getByTestId("instance-details");
    expect(within(details).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Be kind.", "No spam."]);
    expect(details.textContent).toContain("staff@lantern.example");
  });

  it("puts the instance's rules in place of the built-in ones on the register page", async () => {
    serve(200, LANTERN);
    await renderPage("register");
    const rules = screen.getByTestId("register-rules");
    expect(within(rules).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Be kind.", "No spam."]);
  });

  it("keeps the page's own words without the route or with an answer it does not understand", async () => {
    for (const [status, body] of [
      [404, { message: "Not found.", path: null }],
      [200, { ...LANTERN, name: 5 }],
    ] as const) {
      serve(status, body);
      await renderPage("landing");
      expect(screen.getByTestId("landing-title").textContent).toBe("A warm place for your people to talk.");
      expect(screen.queryByTestId("instance-details")).toBeNull();
      expect(screen.queryByTestId("instance-motd")).toBeNull();
      cleanup();
    }
  });
});
