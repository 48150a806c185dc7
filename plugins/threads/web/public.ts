/**
 * What other plugin bundles may use from the threads bundle: its slots. Forums (whose posts are
 * threads) draw a post's tags and its "Edit post" under the thread's name in the panel.
 */
import { defineListSlot } from "@hearth/plugins/slots";
import type { ComponentType } from "react";
import type { Thread } from "./types";

export interface ThreadIntroProps {
  serverId: string;
  thread: Thread;
}

export const threadSlots = {
  /** Drawn under a thread's name at the top of its panel; each filler decides whether the thread is its own (forums: a post). */
  introExtras: defineListSlot<ComponentType<ThreadIntroProps>>("threads.introExtras"),
};

export type { Thread } from "./types";
