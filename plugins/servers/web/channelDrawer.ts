/**
 * Whether a bundle shows its own panel in a channel page's right drawer (threads: a thread), in
 * place of the members. While taken, the channel page leaves the drawer to that bundle, which
 * fills the drawer's layout slots itself.
 */
import { create } from "zustand";

const useDrawer = create<{ taken: boolean }>()(() => ({ taken: false }));

export function setChannelDrawerTaken(taken: boolean): void {
  useDrawer.setState({ taken });
}

export function useChannelDrawerTaken(): boolean {
  return useDrawer((state) => state.taken);
}
