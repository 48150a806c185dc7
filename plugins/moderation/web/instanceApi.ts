/** The instance settings routes (Hearth's own; plugins/moderation/README.md, "Instance settings"). */
import { request } from "@hearth/api/request";
import type { InstanceInfo } from "@hearth/pages/instanceInfo";

export type InstanceKey = keyof InstanceInfo;

export interface InstanceSettings {
  settings: InstanceInfo;
  defaults: InstanceInfo;
  overridden: InstanceKey[];
}

/** Each key given is saved; null puts the config file's value back. `iconId`: an uploaded avatar. */
export type InstanceChanges = Partial<Record<Exclude<InstanceKey, "icon">, string | null>> & { iconId?: string | null };

export const instanceSettings = (): Promise<InstanceSettings> => request({ path: "/moderation/instance" });
export const changeInstanceSettings = (changes: InstanceChanges): Promise<InstanceSettings> =>
  request({ method: "POST", path: "/moderation/instance", body: changes });
