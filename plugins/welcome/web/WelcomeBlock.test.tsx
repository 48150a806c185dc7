import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import WelcomeBlock from "./WelcomeBlock";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const questions = [
  {
    id: "q1",
    serverId: "s1",
    title: "What brings you here?",
    multiselect: false,
    order: 1,
    answers: [
      { id: "a2", title: "Art", roleIds: ["r2"], order: 1, _count: { answeredUsers: 0 }, answered: false },
      { id: "a1", title: "Games", roleIds: ["r1"], order: 0, _count: { answeredUsers: 4 }, answered: true },
    ],
  },
];

beforeEach(() => {
  registerTranslations("en-gb", "welcome", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("welcome block", () => {
  it("shows the answers in order with the chosen one pressed, and swaps on a single-select question", async () => {
    fetchMock.mockResolvedValueOnce(json(questions));
    render(<WelcomeBlock serverId="s1" />);
    const chips = await screen.findAllByTestId("welcome-answer");
    expect(chips.map((chip) => chip.textContent)).toEqual(["Games4", "Art0"]);
    expect(chips.map((chip) => chip.getAttribute("aria-pressed"))).toEqual(["true", "false"]);
    expect(screen.getByText("Choose one")).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json({ success: true }));
    fireEvent.click(chips[1]!);
    await waitFor(() => expect(screen.getAllByTestId("welcome-answer").map((chip) => chip.getAttribute("aria-pressed"))).toEqual(["false", "true"]));
    expect(screen.getAllByTestId("welcome-answer").map((chip) => chip.textContent)).toEqual(["Games3", "Art1"]);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/api/servers/s1/welcome/answers/a2/answer");
    expect(init!.method).toBe("POST");
  });

  it("takes back a chosen answer and shows the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(json(questions));
    render(<WelcomeBlock serverId="s1" />);
    const chips = await screen.findAllByTestId("welcome-answer");
    fetchMock.mockResolvedValueOnce(json({ message: "Something went wrong. Try again later.", path: null }, 400));
    fireEvent.click(chips[0]!);
    expect(await screen.findByText("Something went wrong. Try again later.")).toBeTruthy();
    expect(fetchMock.mock.calls[1]![1]!.method).toBe("DELETE");
    expect(screen.getAllByTestId("welcome-answer")[0]!.getAttribute("aria-pressed")).toBe("true");
  });

  it("shows nothing for a server without questions", async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    const { container } = render(<WelcomeBlock serverId="s1" />);
    await waitFor(() => expect(container.textContent).toBe(""));
  });
});
