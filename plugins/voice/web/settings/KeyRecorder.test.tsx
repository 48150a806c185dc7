import { registerTranslations } from "@hearth/i18n/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reloadCallSettings, updateCallSettings, useCallSettings } from "../callSettings";
import enGb from "../en-gb.json";
import { KeyRecorder } from "./KeyRecorder";

beforeEach(() => {
  registerTranslations("en-gb", "voice", enGb);
  localStorage.clear();
  reloadCallSettings();
});

afterEach(cleanup);

const shown = () => screen.getByTestId("ptt-key").textContent;
const record = () => fireEvent.click(screen.getByTestId("ptt-record"));

describe("recording the push-to-talk key", () => {
  it("keeps the next key pressed, shows its name and gives the focus back", () => {
    render(<KeyRecorder />);
    expect(shown()).toBe("None");
    expect(screen.getByTestId("ptt-record").textContent).toBe("Record key");
    record();
    expect(screen.getByTestId("ptt-record").textContent).toBe("Press a key or mouse button…");
    const pressed = fireEvent.keyDown(window, { code: "KeyB", key: "b" });
    expect(pressed).toBe(false); // the key typed nothing anywhere
    expect(shown()).toBe("B");
    expect(localStorage.getItem("pttKeys")).toBe('["KeyB"]');
    expect(document.activeElement).toBe(screen.getByTestId("ptt-record"));
    expect(screen.getByTestId("ptt-record").textContent).toBe("Change key");

    fireEvent.keyDown(window, { code: "KeyC", key: "c" }); // no longer recording
    expect(shown()).toBe("B");
  });

  it("takes an extra mouse button, ignores left and right clicks, and stops the button's navigation", () => {
    render(<KeyRecorder />);
    record();
    fireEvent.mouseDown(window, { button: 0 });
    fireEvent.mouseDown(window, { button: 2 });
    expect(useCallSettings.getState().pttKeys).toEqual([]);
    fireEvent.mouseDown(window, { button: 3 });
    expect(shown()).toBe("Mouse button 4");
    expect(fireEvent.mouseUp(window, { button: 3 })).toBe(false); // the back button goes nowhere
    expect(useCallSettings.getState().pttKeys).toEqual(["Mouse3"]);
  });

  it("cancels with Escape or a second click, keeping the key it had", () => {
    updateCallSettings({ pttKeys: ["KeyV"] });
    render(<KeyRecorder />);
    record();
    fireEvent.keyDown(window, { code: "Escape", key: "Escape" });
    expect(shown()).toBe("V");
    record();
    record();
    fireEvent.keyDown(window, { code: "KeyX", key: "x" });
    expect(shown()).toBe("V");
    expect(useCallSettings.getState().pttKeys).toEqual(["KeyV"]);
  });

  it("clears the key", () => {
    updateCallSettings({ pttKeys: ["KeyV"] });
    render(<KeyRecorder />);
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(shown()).toBe("None");
    expect(localStorage.getItem("pttKeys")).toBe("[]");
  });
});
