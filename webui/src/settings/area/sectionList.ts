/** Pure rules of the settings area's sidebar: order, duplicates, and which section a path shows. */
import type { PluginSettingsSection } from "../../plugins/pluginTypes";

export const SETTINGS_ROOT = "/app/settings";

/** Adds sections in sidebar order (by `order`, then id); a path already claimed keeps its first owner. */
export function mergeSettingsSections(current: PluginSettingsSection[], added: PluginSettingsSection[]): PluginSettingsSection[] {
  const merged = [...current];
  for (const section of added) {
    if (!merged.some((existing) => existing.path === section.path || existing.id === section.id)) merged.push(section);
  }
  return merged.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

export const sectionUrl = (section: Pick<PluginSettingsSection, "path">): string => `${SETTINGS_ROOT}/${section.path}`;

/** The section a URL belongs to: the one with the longest path that is the URL or a parent of it. */
export function activeSettingsSection(sections: PluginSettingsSection[], pathname: string): PluginSettingsSection | undefined {
  let best: PluginSettingsSection | undefined;
  for (const section of sections) {
    const url = sectionUrl(section);
    if ((pathname === url || pathname.startsWith(`${url}/`)) && section.path.length > (best?.path.length ?? -1)) best = section;
  }
  return best;
}

/** A section drawn under another in the sidebar ("developer/applications" under "developer"). */
export function sectionDepth(sections: PluginSettingsSection[], section: PluginSettingsSection): number {
  return sections.filter((other) => other !== section && section.path.startsWith(`${other.path}/`)).length;
}
