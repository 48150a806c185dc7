import { registerTranslations } from "@hearth/i18n/i18n";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import { resetButtonClicks } from "../store/buttonClicks";
import { message } from "../store/testUtils";
import { MessageButtons } from "./MessageButtons";

const api = vi.hoisted(() => ({ clickMessageButton: vi.fn() }));
vi.mock("../searchApi", () => api);

registerTranslations("en-gb", "messages", enGb);

const withButtons = message({
  id: "m1",
  channelId: "c1",
  buttons: [
    { id: "ok", label: "Okay", alert: null },
    { id: "stop", label: "Stop", alert: true },
  ],
});

beforeEach(() => {
  api.clickMessageButton.mockReset();
  resetButtonClicks();
});

afterEach(cleanup);

describe("message buttons", () => {
  it("draws alert buttons in the alert style and is busy while a click is pending", async () => {
    api.clickMessageButton.mockResolvedValue({ status: true });
    render(<MessageButtons message={withButtons} />);
    const [okay, stop] = screen.getAllByTestId("message-button");
    expect(stop!.className).toContain("button--danger");
    expect(okay!.className).toContain("button--primary");
    await act(async () => fireEvent.click(okay!));
    expect(api.clickMessageButton).toHaveBeenCalledWith("c1", "m1", "ok");
    expect(okay!.getAttribute("aria-busy")).toBe("true");
    expect((okay as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows why a click failed", async () => {
    api.clickMessageButton.mockRejectedValue({ message: "Button not found" });
    render(<MessageButtons message={withButtons} />);
    await act(async () => fireEvent.click(screen.getAllByTestId("message-button")[0]!));
    expect(screen.getByRole("alert").textContent).toBe("Button not found");
  });

  it("draws nothing for a message without buttons", () => {
    const { container } = render(<MessageButtons message={message({ buttons: [] })} />);
    expect(container.innerHTML).toBe("");
  });
});
