import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import enGb from "./en-gb.json";
import { BotTabs } from "./shared";

function tabs(loadedIds: string[]): string[] {
  usePluginStore.setState({ loadedIds });
  render(
    <MemoryRouter>
      <BotTabs appId="7" />
    </MemoryRouter>,
  );
  return screen.getAllByRole("link").map((link) => link.textContent ?? "");
}

beforeEach(() => registerTranslations("en-gb", "applications", enGb));
afterEach(() => {
  cleanup();
  usePluginStore.setState({ loadedIds: [] });
});

describe("a bot's tabs", () => {
  it("offer the invite link with servers and the listing with explore", () => {
    expect(tabs(["applications", "servers", "explore"])).toEqual(["Token", "Profile", "Invite link", "Publish"]);
  });

  it("leave out what needs a plugin this instance does not run", () => {
    expect(tabs(["applications", "servers"])).toEqual(["Token", "Profile", "Invite link"]);
    cleanup();
    expect(tabs(["applications"])).toEqual(["Token", "Profile"]);
  });
});
