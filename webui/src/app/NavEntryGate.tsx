import type { ReactNode } from "react";
import type { PluginNavEntry } from "../plugins/pluginTypes";

function Gate({ useVisible, children }: { useVisible: () => boolean; children: ReactNode }) {
  return useVisible() ? children : null;
}

/** Shows a navigation entry unless its `useVisible` hook says otherwise. */
export function NavEntryGate({ entry, children }: { entry: PluginNavEntry; children: ReactNode }) {
  return entry.useVisible ? <Gate useVisible={entry.useVisible}>{children}</Gate> : children;
}
