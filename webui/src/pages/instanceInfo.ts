/**
 * What the instance's staff set about it (name, description, icon, rules, contact, message of the
 * day), from `GET /api/instance` (moderation plugin; docs/operations.md "Instance settings"). Read
 * once per page load by the public pages; without the plugin (404) or offline, nothing is shown and
 * the pages keep their own wording.
 */
import { useEffect } from "react";
import { create } from "zustand";

export interface InstanceInfo {
  name: string;
  description: string;
  icon: string;
  rules: string;
  contact: string;
  motd: string;
}

interface InstanceInfoState {
  info: InstanceInfo | null;
  loading: Promise<void> | null;
}

const useInstanceInfoStore = create<InstanceInfoState>()(() => ({ info: null, loading: null }));

function isInfo(value: unknown): value is InstanceInfo {
  if (!value || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return ["name", "description", "icon", "rules", "contact", "motd"].every((key) => typeof record[key] === "string");
}

/** Fetch again (the moderation page calls it after saving). */
export function refreshInstanceInfo(): Promise<void> {
  const loading = fetch("/api/instance", { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: unknown) => useInstanceInfoStore.setState({ info: isInfo(body) ? body : null }))
    .catch(() => undefined);
  useInstanceInfoStore.setState({ loading });
  return loading;
}

export function setInstanceInfo(info: InstanceInfo): void {
  useInstanceInfoStore.setState({ info });
}

export function useInstanceInfo(): InstanceInfo | null {
  const info = useInstanceInfoStore((state) => state.info);
  useEffect(() => {
    if (useInstanceInfoStore.getState().loading === null) void refreshInstanceInfo();
  }, []);
  return info;
}

/** Rules as the staff wrote them: one per line, blank lines dropped. */
export function ruleLines(rules: string): string[] {
  return rules
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}
