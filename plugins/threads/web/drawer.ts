/** The right drawer, where a thread or a channel's threads show beside the channel (full screen on a phone). */
import { useLayoutStore } from "@hearth/app/layoutStore";

export function openRightDrawer(): void {
  if (!useLayoutStore.getState().rightDrawerOpen) useLayoutStore.setState({ rightDrawerOpen: true });
}
