import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { lazy } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SlotTarget } from "../../app/layoutSlots";
import { usePluginStore } from "../../plugins/pluginStore";
import type { PluginSettingsSection } from "../../plugins/pluginTypes";
import { SettingsIndex, SettingsLayout } from "./SettingsLayout";

const section = (id: string, path: string, order: number, useVisible?: () => boolean): PluginSettingsSection => ({
  id,
  path,
  order,
  label: () => `Label ${id}`,
  useVisible,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderArea(at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <SlotTarget name="sidePane" />
      <Routes>
        <Route path="/app/settings" element={<SettingsLayout />}>
          <Route index element={<SettingsIndex />} />
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() =>
  usePluginStore.setState({
    status: "ready",
    routes: [{ path: "settings/x", Component: lazy(async () => ({ default: () => null })) }],
    settingsSections: [
      section("account", "account", 10),
      section("window", "window-settings", 90, () => false),
      section("developer", "developer", 120),
      section("applications", "developer/applications", 125),
    ],
  }),
);

afterEach(cleanup);

describe("the settings sidebar", () => {
  it("lists the visible sections in order and marks the open one", async () => {
    renderArea("/app/settings/developer/applications/5");
    const sidebar = await screen.findByTestId("settings-sidebar");
    const links = [...sidebar.querySelectorAll("a")];
    expect(links.map((link) => link.textContent)).toEqual(["Label account", "Label developer", "Label applications"]);
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/app/settings/account",
      "/app/settings/developer",
      "/app/settings/developer/applications",
    ]);
    expect(sidebar.querySelector('[aria-current="page"]')?.textContent).toBe("Label applications");
  });

  it("opens a section's URL when its entry is chosen", async () => {
    renderArea("/app/settings/account");
    fireEvent.click(await screen.findByText("Label developer"));
    expect(screen.getByTestId("where").textContent).toBe("/app/settings/developer");
    expect(screen.getByTestId("settings-sidebar").querySelector('[aria-current="page"]')?.textContent).toBe("Label developer");
  });

  it("sends /app/settings to the first section", async () => {
    renderArea("/app/settings");
    expect((await screen.findByTestId("where")).textContent).toBe("/app/settings/account");
  });
});
