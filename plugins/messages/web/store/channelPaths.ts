/**
 * Where a channel without a server is opened (a notification's link): a DM at /app/inbox/{id}; a
 * plugin bringing another kind of such channel (group_dms) registers the path of its type.
 */
import { create } from "zustand";
import { useReadState } from "./readState";

type PathOf = (channelId: string) => string;

const usePaths = create<Record<number, PathOf>>()(() => ({}));

export function registerDirectChannelPath(channelType: number, path: PathOf): void {
  usePaths.setState({ [channelType]: path });
}

export function directChannelPath(channelId: string): string {
  const type = useReadState.getState().channels[channelId]?.type;
  const path = type === undefined ? undefined : usePaths.getState()[type];
  return path ? path(channelId) : `/app/inbox/${encodeURIComponent(channelId)}`;
}
