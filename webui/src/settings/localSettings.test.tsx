import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getLocalSetting, setLocalSetting, useLocalSetting } from "./localSettings";

afterEach(cleanup);

beforeEach(() => localStorage.clear());

describe("local settings", () => {
  it("returns the documented defaults when nothing is stored", () => {
    expect(getLocalSetting("userToken")).toBeNull();
    expect(getLocalSetting("appLanguage")).toBe("en-gb");
    expect(getLocalSetting("notificationVolume")).toBe(10);
    expect(getLocalSetting("voiceInputMode")).toBe("VOICE_ACTIVITY");
    expect(getLocalSetting("theme")).toBe("default");
  });

  it("stores the token raw and other values as JSON", () => {
    setLocalSetting("userToken", "abc.def");
    setLocalSetting("enabledExperiments", ["WEBSOCKET_ZSTD"]);
    expect(localStorage.getItem("userToken")).toBe("abc.def");
    expect(localStorage.getItem("enabledExperiments")).toBe('["WEBSOCKET_ZSTD"]');
    expect(getLocalSetting("enabledExperiments")).toEqual(["WEBSOCKET_ZSTD"]);
  });

  it("removes a setting set to null", () => {
    setLocalSetting("userToken", "abc");
    setLocalSetting("userToken", null);
    expect(localStorage.getItem("userToken")).toBeNull();
  });

  it("falls back to the default when the stored value is unreadable", () => {
    localStorage.setItem("notificationVolume", "{not json");
    expect(getLocalSetting("notificationVolume")).toBe(10);
  });

  it("re-renders readers of a setting when it changes", () => {
    function Reader() {
      return <p>{useLocalSetting("developerMode") ? "on" : "off"}</p>;
    }
    const { container } = render(<Reader />);
    expect(container.textContent).toBe("off");
    act(() => setLocalSetting("developerMode", true));
    expect(container.textContent).toBe("on");
  });
});
