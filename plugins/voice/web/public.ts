/**
 * What other bundles may use from the voice bundle, without `requires`: a conversation of a kind
 * voice does not know (a group DM) draws the call button in its header, and tells the call bar
 * where its calls are. Without voice loaded the button is simply not drawn.
 */
import { defineListSlot, defineSlot } from "@hearth/plugins/slots";
import { createElement, type ComponentType } from "react";

/** A conversation's call button: call, join the call going on there, or leave it. */
export interface ConversationCallProps {
  channelId: string;
  /** Who or what is called, as the button's label says it ("Call {name}"). */
  name: string;
}

/** Where a call is, for the call bar: its name and its page. */
export interface CallPlace {
  name: string;
  to: string;
}

export const voiceSlots = {
  /** The header's call button (filled by voice). */
  callButton: defineSlot<ComponentType<ConversationCallProps>>("voice.callButton"),
  /** Answers for channels of the filler's own kind, undefined for others (filled by those plugins). */
  callPlaces: defineListSlot<(channelId: string) => CallPlace | undefined>("voice.callPlaces"),
};

/** The call button in a conversation's header; nothing without the voice plugin. */
export function ConversationCallButton(props: ConversationCallProps) {
  const Button = voiceSlots.callButton.use();
  return Button ? createElement(Button, props) : null;
}
