/** The instance settings routes (Hearth's own; plugins/moderation/README.md, "Instance settings"). */
import { request } from "@hearth/api/request";
import type { InstanceInfo } from "@hearth/pages/instanceInfo";
import type { RegistrationMode } from "@hearth/session/ssoApi";

/** What staff read: the public settings and who may register. */
export type StaffInstanceInfo = InstanceInfo & { registration: RegistrationMode };
export type InstanceKey = keyof StaffInstanceInfo;

export interface InstanceSettings {
  settings: StaffInstanceInfo;
  defaults: StaffInstanceInfo;
  overridden: InstanceKey[];
}

/** Each key given is saved; null puts the config file's value back. `iconId`: an uploaded avatar. */
export type InstanceChanges = Partial<Record<Exclude<InstanceKey, "icon">, string | null>> & { iconId?: string | null };

export const instanceSettings = (): Promise<InstanceSettings> => request({ path: "/moderation/instance" });
export const changeInstanceSettings = (changes: InstanceChanges): Promise<InstanceSettings> =>
  request({ method: "POST", path: "/moderation/instance", body: changes });
