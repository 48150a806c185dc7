/**
 * What the user does to messages: send (spec §4 "Message send"), edit ("Message edit"),
 * delete, react, pin and mark unread. The message list shows each step.
 */
import { describeError, isRequestError, type RequestError } from "@hearth/api/requestErrors";
import { getSocketId } from "@hearth/socket/socketClient";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import * as api from "../api";
import { t } from "../i18n";
import { SentStatus, type Message, type PublicUser, type ReactionRemovedPayload } from "../types";
import {
  getDraft,
  restoreDraftAfterFailure,
  stopEditing,
  takeDraftForSend,
  updateDraft,
  type DraftAttachment,
  type DraftSnapshot,
} from "./draftStore";
import {
  addLocalMessage,
  findMessage,
  onReactionAdded,
  onReactionRemoved,
  patchMessage,
  removeLocalMessage,
  replaceLocalMessage,
} from "./messageStore";
import { messageMarkedUnread } from "./readState";
import { resetTypingThrottle } from "./typingStore";

export const MAX_MESSAGE_LENGTH = 2000;
const SILENT_PREFIX = /^@silent(?:\s+|$)/;

/** `@silent` at the start sends the message silently; the prefix is removed (spec §5). */
export function parseSilent(content: string): { content: string; silent: boolean } {
  const trimmed = content.trim();
  if (!SILENT_PREFIX.test(trimmed)) return { content: trimmed, silent: false };
  return { content: trimmed.replace(SILENT_PREFIX, "").trim(), silent: true };
}

let localCounter = 0;
/** Local ids sort in creation order (messages of the same millisecond are ordered by id). */
const localId = (kind: string) => `local-${String((localCounter += 1)).padStart(9, "0")}-${kind}`;

function selfAuthor(): PublicUser {
  const user = useSelfUserStore.getState().user;
  return user
    ? { id: user.id, username: user.username, tag: user.tag, avatar: user.avatar ?? null, hexColor: user.hexColor ?? null, badges: user.badges }
    : { id: "", username: "", tag: "" };
}

/** The pseudo-author of notices that exist only on this client. */
function systemAuthor(): PublicUser {
  return { id: "hearth-local", username: t("localNotice.author"), tag: "0000", hexColor: null, avatar: null };
}

/** Puts a notice in the channel that only this client sees (a send or upload failure); returns its id. */
export function addLocalNotice(channelId: string, text: string): string {
  const id = localId("notice");
  addLocalMessage({
    id,
    channelId,
    type: 0,
    content: text,
    createdAt: Date.now(),
    createdBy: systemAuthor(),
    local: true,
    localError: true,
    reactions: [],
  });
  return id;
}

/** Shows one of the user's messages as being sent, under a temporary id until the server answers; returns that id. */
function showSending(channelId: string, content: string, more: Partial<Message> = {}): string {
  const tempId = localId("temp");
  addLocalMessage({
    id: tempId,
    tempId,
    channelId,
    type: 0,
    content,
    createdAt: Date.now(),
    createdBy: selfAuthor(),
    reactions: [],
    attachments: [],
    sentStatus: SentStatus.SENDING,
    local: true,
    ...more,
  });
  return tempId;
}

function replyPreview(message: Message) {
  return {
    replyToMessage: {
      id: message.id,
      content: message.content,
      createdAt: message.createdAt,
      attachments: message.attachments ?? [],
      createdBy: message.createdBy,
    },
  };
}

export type SendResult = "sent" | "failed" | "nothing" | "too-long" | "slowed" | "edit-unchanged" | "edit-empty" | "edited";

function slowModeTtl(error: unknown): number | null {
  const candidate = error as RequestError & { slowMode?: boolean };
  return isRequestError(error) && candidate.slowMode && typeof candidate.ttl === "number" ? candidate.ttl : null;
}

/**
 * Sends what the draft holds (or saves the edit in progress). The protocol carries one file per
 * message: with several files each is a message of its own, in order, the text (and the replies)
 * with the first (README "Several files per message"). Each message shows its own upload.
 */
export async function sendDraft(channelId: string): Promise<SendResult> {
  const draft = getDraft(channelId);
  if (draft.editMessageId) return saveEdit(channelId);
  if (draft.slowDownUntil && draft.slowDownUntil > Date.now()) return "slowed";

  const { content, silent } = parseSilent(draft.content);
  if (!content && !draft.attachments.length) return "nothing";
  if (content.length > MAX_MESSAGE_LENGTH) return "too-long";

  const snapshot = takeDraftForSend(channelId);
  resetTypingThrottle(channelId);
  const files: Array<DraftAttachment | null> = snapshot.attachments.length ? snapshot.attachments : [null];
  const sends = files.map((attachment, index): PendingSend => {
    const first = index === 0;
    const tempId = showSending(channelId, first ? content : "", {
      silent,
      replyMessages: first ? snapshot.replies.map(replyPreview) : [],
      uploadingAttachment: attachment ? { name: attachment.file.name, progress: 0, speed: 0 } : null,
    });
    const own: DraftSnapshot = {
      ...snapshot,
      content: first ? snapshot.content : "",
      replies: first ? snapshot.replies : [],
      attachments: attachment ? [attachment] : [],
    };
    return { channelId, tempId, snapshot: own, content: first ? content : "", silent, fromDraft: true };
  });

  for (const [index, send] of sends.entries()) {
    // A failure stops the files after it: they leave the list and go back to the draft with it.
    const unsent = snapshot.attachments.slice(index + 1);
    const result = await deliver({ ...send, restore: { ...send.snapshot, attachments: [...send.snapshot.attachments, ...unsent] } });
    if (result === "failed") {
      for (const later of sends.slice(index + 1)) removeLocalMessage(channelId, later.tempId);
      return "failed";
    }
  }
  return "sent";
}

/** A send in progress, or failed and kept for Retry. */
interface PendingSend {
  channelId: string;
  tempId: string;
  /** What this one message sends: its text, replies and (at most) one file. */
  snapshot: DraftSnapshot;
  content: string;
  silent: boolean;
  /** It came from the composer, whose draft gets it back after a failure (spec §4). */
  fromDraft: boolean;
  /** What the draft gets back if it fails, when more than its own snapshot (the files after it). */
  restore?: DraftSnapshot;
  /** The local notice that told of its failure. */
  noticeId?: string;
}

/** Failed sends by their temporary message's id: what Retry sends again. */
const failedSends = new Map<string, PendingSend>();

/** Uploads the attachment (if any), posts the message and puts the server's copy in place of the temporary one. */
async function deliver(send: PendingSend): Promise<SendResult> {
  const { channelId, tempId, snapshot, content, silent } = send;
  const attachment = snapshot.attachments[0];
  let stage: "upload" | "send" = "send";
  try {
    let fileId: string | undefined;
    if (attachment) {
      stage = "upload";
      const { file } = attachment;
      ({ fileId } = await api.uploadAttachment(channelId, file, ({ percent, bytesPerSecond }) =>
        patchMessage(channelId, tempId, { uploadingAttachment: { name: file.name, progress: percent, speed: bytesPerSecond } }),
      ));
      patchMessage(channelId, tempId, { uploadingAttachment: null });
      stage = "send";
    }
    const message = await api.createMessage(channelId, {
      ...(content ? (snapshot.htmlMode ? { htmlEmbed: content } : { content }) : {}),
      ...(silent ? { silent: true } : {}),
      ...(snapshot.replies.length
        ? { replyToMessageIds: snapshot.replies.map((reply) => reply.id), mentionReplies: snapshot.mentionReplies }
        : {}),
      ...(fileId ? { nerimityCdnFileId: fileId } : {}),
      socketId: getSocketId() ?? undefined,
    });
    replaceLocalMessage(channelId, tempId, message);
    return "sent";
  } catch (error) {
    failSend(send, error, stage);
    return "failed";
  }
}

function failSend(send: PendingSend, error: unknown, stage: "upload" | "send"): void {
  const { channelId, tempId } = send;
  patchMessage(channelId, tempId, { sentStatus: SentStatus.FAILED, uploadingAttachment: null });
  if (send.fromDraft) restoreDraftAfterFailure(channelId, send.restore ?? send.snapshot);
  const ttl = slowModeTtl(error);
  if (ttl !== null) updateDraft(channelId, { slowDownUntil: Date.now() + ttl });
  const fallback = stage === "upload" ? t("errors.uploadFailed") : t("errors.sendFailed");
  const noticeId = addLocalNotice(channelId, isRequestError(error) && error.message ? error.message : fallback);
  failedSends.set(tempId, { ...send, restore: undefined, noticeId });
}

/** Whether a failed message can be sent again (it failed in this session). */
export const canRetry = (message: Message) => message.sentStatus === SentStatus.FAILED && failedSends.has(message.id);

/**
 * Sends a failed message again. What the failure put back in the composer for it (its text, its
 * file) goes with it unless the user has changed it since, so it is not sent twice; files that
 * were waiting behind it stay in the draft. The notice of the failure goes away.
 */
export async function retrySend(channelId: string, messageId: string): Promise<SendResult> {
  const send = failedSends.get(messageId);
  if (!send || send.channelId !== channelId) return "nothing";
  failedSends.delete(messageId);
  if (send.noticeId) removeLocalMessage(channelId, send.noticeId);
  if (send.fromDraft) {
    const draft = getDraft(channelId);
    const own = send.snapshot.attachments;
    updateDraft(channelId, {
      ...(draft.content === send.snapshot.content ? { content: "" } : {}),
      ...(own.length ? { attachments: draft.attachments.filter((attachment) => !own.includes(attachment)) } : {}),
    });
  }
  const file = send.snapshot.attachments[0]?.file;
  patchMessage(channelId, messageId, {
    sentStatus: SentStatus.SENDING,
    uploadingAttachment: file ? { name: file.name, progress: 0, speed: 0 } : null,
  });
  return deliver({ ...send, noticeId: undefined });
}

/** A failed message is given up: it leaves the list, with the notice of its failure. */
export function discardFailed(channelId: string, messageId: string): void {
  const send = failedSends.get(messageId);
  failedSends.delete(messageId);
  if (send?.noticeId) removeLocalMessage(channelId, send.noticeId);
  removeLocalMessage(channelId, messageId);
}

/**
 * Sends `content` as a message of its own and leaves the draft alone: what a composer button
 * contributes, e.g. a picked GIF's address (the reference client sends it the same way).
 */
export async function sendText(channelId: string, content: string): Promise<SendResult> {
  const draft = getDraft(channelId);
  if (draft.slowDownUntil && draft.slowDownUntil > Date.now()) return "slowed";
  const text = content.trim();
  if (!text) return "nothing";
  if (text.length > MAX_MESSAGE_LENGTH) return "too-long";
  resetTypingThrottle(channelId);
  const tempId = showSending(channelId, text);
  const snapshot: DraftSnapshot = { content: text, replies: [], mentionReplies: false, attachments: [], htmlMode: false };
  return deliver({ channelId, tempId, snapshot, content: text, silent: false, fromDraft: false });
}

/** Saves the edit in progress: unchanged content sends nothing (spec §5). */
export async function saveEdit(channelId: string): Promise<SendResult> {
  const draft = getDraft(channelId);
  const messageId = draft.editMessageId;
  if (!messageId) return "nothing";
  const message = findMessage(channelId, messageId);
  const content = draft.content.trim();
  if (!message || content === message.content.trim()) {
    stopEditing(channelId);
    return "edit-unchanged";
  }
  if (!content) return "edit-empty";
  if (content.length > MAX_MESSAGE_LENGTH) return "too-long";
  stopEditing(channelId);
  const previous = message.content;
  patchMessage(channelId, messageId, { content, sentStatus: SentStatus.SENDING });
  try {
    const updated = await api.editMessage(channelId, messageId, content);
    const { reactions: _reactions, ...rest } = updated;
    patchMessage(channelId, messageId, { ...rest, sentStatus: undefined });
    return "edited";
  } catch (error) {
    patchMessage(channelId, messageId, { sentStatus: SentStatus.FAILED });
    addLocalNotice(channelId, t("errors.editFailed", { message: describeError(error), content: previous.slice(0, 80) }));
    return "failed";
  }
}

/** Deletes a message (a local one simply disappears). */
export async function deleteMessage(channelId: string, message: Message): Promise<void> {
  if (message.local) {
    discardFailed(channelId, message.id);
    return;
  }
  patchMessage(channelId, message.id, { deleting: true });
  try {
    await api.deleteMessage(channelId, message.id);
    removeLocalMessage(channelId, message.id);
  } catch (error) {
    patchMessage(channelId, message.id, { deleting: false });
    addLocalNotice(channelId, describeError(error));
  }
}

/**
 * Adds the reaction, or takes it back when the user already reacted with it ("toggle"); with
 * "add" (a pick in the emoji picker) an existing reaction of the user's is left alone.
 */
export async function toggleReaction(
  channelId: string,
  messageId: string,
  name: string,
  emojiId: string | null = null,
  mode: "toggle" | "add" = "toggle",
  gif = false,
): Promise<void> {
  const message = findMessage(channelId, messageId);
  const existing = message?.reactions?.find((reaction) => reaction.name === name && (reaction.emojiId ?? null) === emojiId);
  if (mode === "add" && existing?.reacted) return;
  try {
    if (existing?.reacted) {
      // DMs answer with the removal (a server channel answers with the message row: ignore it).
      const reply = (await api.removeReaction(channelId, messageId, name, emojiId)) as Partial<ReactionRemovedPayload> | null;
      if (reply && typeof reply.count === "number" && reply.reactionRemovedByUserId) {
        onReactionRemoved({ ...(reply as ReactionRemovedPayload), channelId, messageId });
      }
    } else {
      const added = await api.addReaction(channelId, messageId, name, emojiId, gif);
      if (added && typeof added.count === "number") onReactionAdded({ ...added, channelId, messageId });
    }
  } catch (error) {
    addLocalNotice(channelId, describeError(error));
  }
}

export async function markUnread(channelId: string, message: Message): Promise<void> {
  try {
    await api.markUnread(channelId, message.id);
    // The `message:mark_unread` event follows; apply it now in case the socket is slow.
    messageMarkedUnread({ channelId, at: message.createdAt - 1 });
  } catch (error) {
    addLocalNotice(channelId, describeError(error));
  }
}

export async function setPinned(channelId: string, message: Message, pinned: boolean): Promise<void> {
  try {
    if (pinned) await api.pinMessage(channelId, message.id);
    else await api.unpinMessage(channelId, message.id);
    patchMessage(channelId, message.id, { pinned });
  } catch (error) {
    addLocalNotice(channelId, describeError(error));
  }
}
