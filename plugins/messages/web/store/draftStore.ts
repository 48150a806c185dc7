/**
 * What the user is writing, per channel (spec §3 "Draft state per channel"): content,
 * reply list, the message being edited, the attachments (up to 10: the protocol carries one per
 * message, so each is sent as a message of its own, README "Several files"), the reading
 * position, the slow-down timer and the HTML flag. Kept in memory while the app is open.
 */
import { rememberMentionName } from "@hearth/ui/suggest/mentions";
import type { ListPosition } from "@hearth/ui/virtualList/ChatList";
import { create } from "zustand";
import type { Message } from "../types";

export const MAX_REPLIES = 5;
/** Files one send takes (each goes as a message of its own). */
export const MAX_DRAFT_FILES = 10;

export interface DraftAttachment {
  /** Tells two files of the draft apart (same name, same size). */
  id: string;
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
  attachments: DraftAttachment[];
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
  attachments: [],
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

let attachmentCounter = 0;

/**
 * Adds files to the draft, up to MAX_DRAFT_FILES in all; answers how many did not fit.
 */
export function addDraftFiles(channelId: string, files: Iterable<File>): number {
  const incoming = [...files];
  const room = MAX_DRAFT_FILES - getDraft(channelId).attachments.length;
  const taken = incoming.slice(0, Math.max(0, room));
  if (taken.length) {
    const added = taken.map((file): DraftAttachment => ({ id: `file-${(attachmentCounter += 1)}`, file, uploadTo: "cdn" }));
    updateDraft(channelId, (draft) => ({ attachments: [...draft.attachments, ...added] }));
  }
  return incoming.length - taken.length;
}

export const removeDraftFile = (channelId: string, attachmentId: string) =>
  updateDraft(channelId, (draft) => ({ attachments: draft.attachments.filter((attachment) => attachment.id !== attachmentId) }));

export const setDraftScroll = (channelId: string, scroll: ListPosition | null) => updateDraft(channelId, { scroll });

/**
 * Starts editing a message: its content goes into the composer, what was there is kept aside.
 * The names of the people and roles it mentions are remembered for the composer's chips.
 */
export function startEditing(channelId: string, message: Message): void {
  for (const user of message.mentions ?? []) rememberMentionName("user", user.id, user.username);
  for (const role of message.roleMentions ?? []) rememberMentionName("role", role.id, role.name);
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
  attachments: DraftAttachment[];
  htmlMode: boolean;
}

export function takeDraftForSend(channelId: string): DraftSnapshot {
  const { content, replies, mentionReplies, attachments, htmlMode } = getDraft(channelId);
  updateDraft(channelId, { content: "", replies: [], attachments: [], botCommand: null });
  return { content, replies, mentionReplies, attachments, htmlMode };
}

/**
 * After a failed send (spec §4): the content, the files not sent and the HTML flag come back.
 * If the user has started a new message meanwhile, its text is kept (the failed one stays visible
 * in the list) and the files come before its own, within MAX_DRAFT_FILES.
 */
export function restoreDraftAfterFailure(channelId: string, snapshot: DraftSnapshot): void {
  updateDraft(channelId, (draft) => ({
    content: draft.content.trim() ? draft.content : snapshot.content,
    attachments: [...snapshot.attachments, ...draft.attachments].slice(0, MAX_DRAFT_FILES),
    htmlMode: snapshot.htmlMode,
  }));
}
