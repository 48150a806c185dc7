import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "../en-gb.json";
import { messageSlots } from "../slots";
import { useSearchStore } from "../store/searchStore";
import { ChannelSearchEntry } from "./ChannelSearchEntry";

beforeEach(() => {
  clearSlots();
  registerTranslations("en-gb", "messages", enGb);
});
afterEach(cleanup);

describe("a channel's one search button", () => {
  it("is the pane's own search of the channel while no plugin brings one", () => {
    render(<ChannelSearchEntry channelId="5" serverId="1" />);
    fireEvent.click(screen.getByTestId("open-search"));
    expect(useSearchStore.getState().channelId).toBe("5");
  });

  it("is the provider's button instead, given the channel, when a plugin fills the slot", () => {
    fillSlots([messageSlots.channelSearchButton.fill(({ channelId, serverId }) => <button type="button">search {serverId}/{channelId}</button>)]);
    render(<ChannelSearchEntry channelId="5" serverId="1" />);
    expect(screen.queryByTestId("open-search")).toBeNull();
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["search 1/5"]);
  });
});
