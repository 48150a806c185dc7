import { describe, expect, it } from "vitest";
import type { PluginSettingsSection } from "../../plugins/pluginTypes";
import { activeSettingsSection, mergeSettingsSections, sectionDepth } from "./sectionList";

const section = (id: string, path: string, order: number): PluginSettingsSection => ({ id, path, order, label: () => id });

describe("settings sections", () => {
  it("are kept in order, whoever adds them and when", () => {
    const shell = [section("interface", "interface", 40), section("language", "language", 110)];
    const merged = mergeSettingsSections(mergeSettingsSections([], shell), [section("tickets", "tickets", 140), section("account", "account", 10)]);
    expect(merged.map((item) => item.id)).toEqual(["account", "interface", "language", "tickets"]);
  });

  it("keep the first claim of a path or an id", () => {
    const first = section("account", "account", 10);
    const merged = mergeSettingsSections([first], [section("other", "account", 5), section("account", "elsewhere", 1)]);
    expect(merged).toEqual([first]);
  });

  it("find the section of a URL by its longest matching path", () => {
    const sections = [section("developer", "developer", 120), section("applications", "developer/applications", 125), section("tickets", "tickets", 140)];
    expect(activeSettingsSection(sections, "/app/settings/developer")?.id).toBe("developer");
    expect(activeSettingsSection(sections, "/app/settings/developer/applications/12/bot")?.id).toBe("applications");
    expect(activeSettingsSection(sections, "/app/settings/tickets/7")?.id).toBe("tickets");
    expect(activeSettingsSection(sections, "/app/settings/developerish")).toBeUndefined();
    expect(activeSettingsSection(sections, "/app/inbox")).toBeUndefined();
  });

  it("nest a section under its parent's path", () => {
    const parent = section("interface", "interface", 40);
    const child = section("custom-css", "interface/custom-css", 45);
    expect(sectionDepth([parent, child], parent)).toBe(0);
    expect(sectionDepth([parent, child], child)).toBe(1);
    expect(sectionDepth([child], child)).toBe(0);
  });
});
