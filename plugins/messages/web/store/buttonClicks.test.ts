import { registerTranslations } from "@hearth/i18n/i18n";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import {
  buttonCallbackReceived,
  buttonKey,
  CLICK_WAIT_MS,
  clickButton,
  resetButtonClicks,
  sendPopupAnswer,
  setButtonPopupOpener,
  useButtonClicks,
} from "./buttonClicks";

const api = vi.hoisted(() => ({ clickMessageButton: vi.fn() }));
vi.mock("../searchApi", () => api);

registerTranslations("en-gb", "messages", enGb);

const key = buttonKey("c1", "m1", "yes");
const callback = { channelId: "c1", messageId: "m1", buttonId: "yes", userId: "bot" };
const opener = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  api.clickMessageButton.mockReset().mockResolvedValue({ status: true });
  opener.mockReset();
  setButtonPopupOpener(opener);
  resetButtonClicks();
});

afterEach(() => vi.useRealTimers());

describe("a click", () => {
  it("is busy until the author answers, and a second click meanwhile does nothing", async () => {
    await clickButton("c1", "m1", "yes");
    await clickButton("c1", "m1", "yes");
    expect(api.clickMessageButton).toHaveBeenCalledTimes(1);
    expect(api.clickMessageButton).toHaveBeenCalledWith("c1", "m1", "yes");
    expect(useButtonClicks.getState().busy[key]).toBe(true);
    buttonCallbackReceived({ ...callback, content: "Thanks!" });
    expect(useButtonClicks.getState().busy[key]).toBeUndefined();
    expect(opener).toHaveBeenCalledWith({ ...callback, content: "Thanks!" });
  });

  it("stops being busy after 10 s without an answer; a late answer opens nothing", async () => {
    await clickButton("c1", "m1", "yes");
    vi.advanceTimersByTime(CLICK_WAIT_MS);
    expect(useButtonClicks.getState().busy[key]).toBeUndefined();
    buttonCallbackReceived({ ...callback, content: "late" });
    expect(opener).not.toHaveBeenCalled();
  });

  it("an answer without content or form only ends the wait", async () => {
    await clickButton("c1", "m1", "yes");
    buttonCallbackReceived({ ...callback });
    expect(opener).not.toHaveBeenCalled();
    expect(useButtonClicks.getState().busy[key]).toBeUndefined();
  });

  it("keeps the server's error under the buttons", async () => {
    api.clickMessageButton.mockRejectedValue({ message: "Button not found" });
    await clickButton("c1", "m1", "yes");
    expect(useButtonClicks.getState()).toEqual({ busy: {}, errors: { [key]: "Button not found" } });
  });

  it("sends the popup's form values back as a modal click", async () => {
    await sendPopupAnswer({ ...callback, components: [{ id: "name", type: "input" }] }, { name: "Ada" });
    expect(api.clickMessageButton).toHaveBeenCalledWith("c1", "m1", "yes", { name: "Ada" });
  });
});
