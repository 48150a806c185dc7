import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { afterEach, describe, expect, it } from "vitest";
import { channelEditorTabs, sectionsById, serverSlots, type ChannelEditorTab } from "./slots";

const Emojis = () => null;
const OtherEmojis = () => null;
const Welcome = () => null;
const tab = (id: string, label: string): ChannelEditorTab => ({ id, label: () => label, component: () => null });

afterEach(clearSlots);

describe("the servers bundle's slots", () => {
  it("are empty until a plugin fills them", () => {
    expect(sectionsById(serverSlots.settingsSections.get())).toEqual({});
    expect(channelEditorTabs(serverSlots.channelEditorTabs.get())).toEqual([]);
    expect(serverSlots.channelItemExtras.get()).toEqual([]);
  });

  it("give each settings section the component of the last plugin that filled it", () => {
    fillSlots([serverSlots.settingsSections.fill({ id: "emojis", Component: Emojis }, { id: "welcome-screen", Component: Welcome })]);
    fillSlots([serverSlots.settingsSections.fill({ id: "emojis", Component: OtherEmojis })]);
    expect(sectionsById(serverSlots.settingsSections.get())).toEqual({ emojis: OtherEmojis, "welcome-screen": Welcome });
  });

  it("keep one channel-editor tab per id, the last plugin's, where it came", () => {
    fillSlots([serverSlots.channelEditorTabs.fill(tab("webhooks", "Webhooks"), tab("pins", "Pins"))]);
    fillSlots([serverSlots.channelEditorTabs.fill(tab("webhooks", "Hooks"))]);
    expect(channelEditorTabs(serverSlots.channelEditorTabs.get()).map((entry) => [entry.id, entry.label()])).toEqual([
      ["pins", "Pins"],
      ["webhooks", "Hooks"],
    ]);
  });

  it("order what is drawn beside a channel by its order, whichever plugin loaded first", () => {
    const Call = () => null;
    const Threads = () => null;
    fillSlots([serverSlots.channelHeaderActions.fill({ order: 20, Component: Call })]);
    fillSlots([serverSlots.channelHeaderActions.fill({ order: 10, Component: Threads })]);
    expect(serverSlots.channelHeaderActions.get().map(({ Component }) => Component)).toEqual([Threads, Call]);
  });
});
