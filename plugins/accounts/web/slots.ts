/** The accounts bundle's slots (re-exported by `public.ts`): what other plugins add to its pages. */
import { defineListSlot } from "@hearth/plugins/slots";
import type { ComponentType } from "react";

export const accountSlots = {
  /** Cards of Settings › Account after its own, before the account's deletion (data_export: "Download your data"). */
  accountSettingsCards: defineListSlot<ComponentType>("accounts.accountSettingsCards"),
};
