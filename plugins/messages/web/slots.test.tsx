import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ComposerButtons, messageMenuItems, messageSlots } from "./slots";

beforeEach(clearSlots);

afterEach(cleanup);

describe("the messages bundle's slots", () => {
  it("join the composer buttons of several plugins and hand them the channel", () => {
    const send = vi.fn();
    fillSlots([messageSlots.composerButtons.fill(({ channelId }) => <button type="button">a{channelId}</button>)]);
    fillSlots([messageSlots.composerButtons.fill(({ send: give }) => <button type="button" onClick={() => give("hi")}>b</button>)]);
    const { container, getByText } = render(<ComposerButtons channelId="5" send={send} />);
    expect(container.textContent).toBe("a5b");
    getByText("b").click();
    expect(send).toHaveBeenCalledWith("hi");
  });

  it("join every plugin's message menu entries", () => {
    const target = { id: "m1", channelId: "c1", content: "hi" };
    expect(messageMenuItems(target)).toEqual([]);
    fillSlots([messageSlots.menuItems.fill((message) => [{ label: `Remind ${message.id}`, onSelect: () => undefined }])]);
    fillSlots([messageSlots.menuItems.fill(() => [{ label: "Translate", onSelect: () => undefined }])]);
    expect(messageMenuItems(target).map((item) => item.label)).toEqual(["Remind m1", "Translate"]);
  });
});
