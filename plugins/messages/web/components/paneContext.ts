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
  selfId: string | undefined;
  permissions: MessagePermissions;
  /** What `@` and `#` offer in the composer, and the names of mentioned roles and channels. */
  mentions: MentionSource | undefined;
  /** A user known to the pane (mentions, typing); undefined when unknown. */
  findUser: (userId: string) => PublicUser | undefined;
  jumpTo: (messageId: string) => void;
  reply: (message: Message) => void;
  edit: (message: Message) => void;
  remove: (message: Message) => void;
  markUnread: (message: Message) => void;
  focusComposer: () => void;
}

export const PaneContext = createContext<PaneContextValue | null>(null);

export function usePaneContext(): PaneContextValue {
  const value = useContext(PaneContext);
  if (!value) throw new Error("usePaneContext outside a MessagePane");
  return value;
}
