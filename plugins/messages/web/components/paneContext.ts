import type { MentionSource } from "@hearth/ui/suggest/mentions";
import { createContext, useContext } from "react";
import type { Message, PublicUser } from "../types";

export interface MessagePermissions {
  /** May send messages here. */
  send: boolean;
  /** May pin and unpin messages. */
  pin: boolean;
  /** May delete other people's messages. */
  manage: boolean;
}

export interface PaneContextValue {
  channelId: string;
  /** The server the channel belongs to; null in direct messages. */
  serverId: string | null;
  selfId: string | undefined;
  permissions: MessagePermissions;
  /** What `@` and `#` offer in the composer, and the names of mentioned roles and channels. */
  mentions: MentionSource | undefined;
  /** A user known to the pane (mentions, typing); undefined when unknown. */
  findUser: (userId: string) => PublicUser | undefined;
  jumpTo: (messageId: string) => void;
  reply: (message: Message) => void;
  edit: (message: Message) => void;
  /** Deletes after asking, unless `confirm` is false (Shift held, as in Discord). */
  remove: (message: Message, options?: { confirm?: boolean }) => void;
  markUnread: (message: Message) => void;
  focusComposer: () => void;
}

export const PaneContext = createContext<PaneContextValue | null>(null);

export function usePaneContext(): PaneContextValue {
  const value = useContext(PaneContext);
  if (!value) throw new Error("usePaneContext outside a MessagePane");
  return value;
}
