/**
 * What the user is writing, per channel (spec §3 "Draft state per channel"): content,
 * reply list, the message being edited, the attachment, the reading position, the
 * slow-down timer and the HTML flag. Kept in memory while the app is open.
 */
import type { ListPosition } from "@hearth/ui/virtualList/ChatList";
import { create } from "zustand";
import type { Message } from "../types";

export const MAX_REPLIES = 5;

export interface DraftAttachment {
  file: File;
  /** Where the file goes when sent; files over 50 MB would go to file storage upstream (spec §5). */
  uploadTo: "cdn";
}

export interface Draft {
  content: string;
  /** Snapshots of the messages being replied to, in the order they were picked. */
  replies: Message[];
  /** Notify the authors of the replied messages. */
  mentionReplies: boolean;
  editMessageId: string | null;
  /** The content that was being written before editing started; it comes back afterwards. */
  contentBeforeEdit: string | null;
  attachment: DraftAttachment | null;
  htmlMode: boolean;
  scroll: ListPosition | null;
  /** Slow mode: no sending before this time (ms). */
  slowDownUntil: number | null;
  /** The bot command picked from the `/` list: its bot's id is appended when sent. */
  botCommand: { name: string; botUserId: string } | null;
}

export const EMPTY_DRAFT: Draft = Object.freeze({
  content: "",
  replies: [],
  mentionReplies: true,
  editMessageId: null,
  contentBeforeEdit: null,
  attachment: null,
  htmlMode: false,
  scroll: null,
  slowDownUntil: null,
  botCommand: null,
}) as Draft;

export type AddReplyResult = "added" | "duplicate" | "full";

/** A reply list holds at most 5 messages, without duplicates (spec §5). */
export function addReply(replies: readonly Message[], message: Message): { replies: Message[]; result: AddReplyResult } {
  if (replies.some((reply) => reply.id === message.id)) return { replies: replies as Message[], result: "duplicate" };
  if (replies.length >= MAX_REPLIES) return { replies: replies as Message[], result: "full" };
  return { replies: [...replies, message], result: "added" };
}

interface DraftState {
  drafts: Record<string, Draft>;
}

export const useDraftStore = create<DraftState>()(() => ({ drafts: {} }));

export function getDraft(channelId: string): Draft {
  return useDraftStore.getState().drafts[channelId] ?? EMPTY_DRAFT;
}

export function useDraft(channelId: string): Draft {
  return useDraftStore((state) => state.drafts[channelId] ?? EMPTY_DRAFT);
}

export function updateDraft(channelId: string, change: Partial<Draft> | ((draft: Draft) => Partial<Draft>)): void {
  useDraftStore.setState(({ drafts }) => {
    const current = drafts[channelId] ?? EMPTY_DRAFT;
    const patch = typeof change === "function" ? change(current) : change;
    return { drafts: { ...drafts, [channelId]: { ...current, ...patch } } };
  });
}

export const setDraftContent = (channelId: string, content: string) => updateDraft(channelId, { content });

export function addDraftReply(channelId: string, message: Message): AddReplyResult {
  const { replies, result } = addReply(getDraft(channelId).replies, message);
  if (result === "added") updateDraft(channelId, { replies });
  return result;
}

export const removeDraftReply = (channelId: string, messageId: string) =>
  updateDraft(channelId, (draft) => ({ replies: draft.replies.filter((reply) => reply.id !== messageId) }));

export const clearDraftReplies = (channelId: string) => updateDraft(channelId, { replies: [] });

export const setDraftAttachment = (channelId: string, file: File | null) =>
  updateDraft(channelId, { attachment: file ? { file, uploadTo: "cdn" } : null });

export const setDraftScroll = (channelId: string, scroll: ListPosition | null) => updateDraft(channelId, { scroll });

/** Starts editing a message: its content goes into the composer, what was there is kept aside. */
export function startEditing(channelId: string, message: Message): void {
  updateDraft(channelId, (draft) => ({
    editMessageId: message.id,
    contentBeforeEdit: draft.editMessageId ? draft.contentBeforeEdit : draft.content,
    content: message.content,
  }));
}

/** Leaves edit mode and brings back what was being written before. */
export function stopEditing(channelId: string): void {
  updateDraft(channelId, (draft) =>
    draft.editMessageId ? { editMessageId: null, content: draft.contentBeforeEdit ?? "", contentBeforeEdit: null } : {},
  );
}

/** What a send takes from the draft (which is emptied, except the HTML flag). */
export interface DraftSnapshot {
  content: string;
  replies: Message[];
  mentionReplies: boolean;
  attachment: DraftAttachment | null;
  htmlMode: boolean;
}

export function takeDraftForSend(channelId: string): DraftSnapshot {
  const { content, replies, mentionReplies, attachment, htmlMode } = getDraft(channelId);
  updateDraft(channelId, { content: "", replies: [], attachment: null, botCommand: null });
  return { content, replies, mentionReplies, attachment, htmlMode };
}

/**
 * After a failed send (spec §4): the content, attachment and HTML flag come back. If the user
 * has started a new message meanwhile, that is kept (the failed one stays visible in the list).
 */
export function restoreDraftAfterFailure(channelId: string, snapshot: DraftSnapshot): void {
  updateDraft(channelId, (draft) => ({
    content: draft.content.trim() ? draft.content : snapshot.content,
    attachment: draft.attachment ?? snapshot.attachment,
    htmlMode: snapshot.htmlMode,
  }));
}
