import { ComposerButtons, type ChannelCommand } from "../slots";
import { openEmojiPicker } from "@hearth/ui/emoji/openEmojiPicker";
import { convertShortcodes, emojiSuggestions } from "@hearth/ui/emoji/ShortcodeSuggestions";
import { Icon } from "@hearth/ui/Icon";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { MarkupTextarea } from "@hearth/ui/suggest/MarkupTextarea";
import { replaceDisplayRange, toDisplay } from "@hearth/ui/suggest/markupText";
import { mentionProviders } from "@hearth/ui/suggest/mentionProviders";
import { mentionLabels } from "@hearth/ui/suggest/mentions";
import type { SuggestionsState } from "@hearth/ui/suggest/useSuggestions";
import { useCountdown } from "@hearth/ui/useCountdown";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent, type RefObject } from "react";
import { t } from "../i18n";
import { deleteMessage, MAX_MESSAGE_LENGTH, sendDraft, sendText } from "../store/actions";
import {
  addDraftFiles,
  clearDraftReplies,
  MAX_DRAFT_FILES,
  removeDraftFile,
  removeDraftReply,
  setDraftContent,
  startEditing,
  stopEditing,
  updateDraft,
  useDraft,
} from "../store/draftStore";
import { findMessage, getChannelMessages } from "../store/messageStore";
import { notifyTyping } from "../store/typingStore";
import { formatFileSize } from "./format";
import { commandSuggestions } from "./CommandSuggestions";
import { withBotId } from "./commands";
import { usePaneContext } from "./paneContext";

const COUNTER_FROM = 1800;

interface ComposerProps {
  placeholder: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Called after a new message was handed to the list (to scroll to it). */
  onSend: () => void;
}

/**
 * Fits the textarea to its text, up to 40 % of the window. Text only added to at its end only
 * needs a look at whether it overflows; collapsing the box to measure it again (a second layout
 * on every key) is needed when the text changed otherwise.
 */
function autoGrow(element: HTMLTextAreaElement | null, appended: boolean): void {
  if (!element) return;
  if (appended && element.scrollHeight <= element.clientHeight) return;
  element.style.height = "auto";
  element.style.height = `${Math.min(element.scrollHeight, window.innerHeight * 0.4)}px`;
}

function SlowModeNotice({ until }: { until: number }) {
  const seconds = useCountdown(until);
  if (seconds <= 0) return null;
  return (
    <p className="composer__notice" role="status">
      {t("composer.slowMode", { seconds })}
    </p>
  );
}

export function Composer({ placeholder, textareaRef, onSend }: ComposerProps) {
  const { channelId, selfId, permissions, mentions } = usePaneContext();
  const draft = useDraft(channelId);
  const fileInput = useRef<HTMLInputElement>(null);
  const suggestions = useRef<SuggestionsState | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const editing = draft.editMessageId !== null;
  const length = draft.content.trim().length;
  const tooLong = length > MAX_MESSAGE_LENGTH;

  const grownFor = useRef(draft.content);
  useLayoutEffect(() => {
    const before = grownFor.current;
    autoGrow(textareaRef.current, draft.content.startsWith(before));
    grownFor.current = draft.content;
  }, [draft.content, textareaRef]);
  useEffect(() => setNotice(null), [channelId]);
  // Mentions show as names (chips) over the markup the draft holds (shell: ui/suggest).
  const labelOf = useMemo(() => mentionLabels(mentions), [mentions]);
  // `/` lists the channel's bots' commands (the picked one is remembered, spec §3 "selected bot
  // command"), `:name` emojis, `@` people, roles and @everyone, `#` channels: one mechanism.
  const pickCommand = useCallback(
    (command: ChannelCommand) => updateDraft(channelId, { botCommand: { name: command.name, botUserId: command.botUserId } }),
    [channelId],
  );
  const providers = useMemo(
    () => [...(editing ? [] : [commandSuggestions(channelId, pickCommand)]), emojiSuggestions, ...mentionProviders(mentions)],
    [channelId, editing, mentions, pickCommand],
  );

  const addFiles = (files: File[]) => {
    const left = addDraftFiles(channelId, files);
    setNotice(left ? t("composer.tooManyFiles", { count: MAX_DRAFT_FILES }) : null);
  };

  const submit = async () => {
    setNotice(null);
    const result = await sendDraftOrEdit();
    if (result === "too-long") setNotice(t("composer.tooLong", { count: length }));
  };

  const sendDraftOrEdit = async () => {
    const editId = draft.editMessageId;
    suggestions.current?.close();
    const converted = withBotId(convertShortcodes(draft.content), editId ? null : draft.botCommand);
    if (converted !== draft.content) setDraftContent(channelId, converted);
    const promise = sendDraft(channelId);
    if (!editId) onSend();
    const result = await promise;
    if (result === "edit-empty" && editId) {
      const message = findMessage(channelId, editId);
      const confirmed = await confirmAction({
        title: t("deleteConfirm.title"),
        message: t("composer.deleteEmpty"),
        confirmLabel: t("deleteConfirm.confirm"),
        danger: true,
      });
      stopEditing(channelId);
      if (confirmed && message) await deleteMessage(channelId, message);
    }
    return result;
  };

  const editLastOwnMessage = () => {
    const own = getChannelMessages(channelId).messages.findLast(
      (message) => message.createdBy.id === selfId && message.type === 0 && !message.local,
    );
    if (own) startEditing(channelId, own);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape") {
      if (editing) {
        event.preventDefault();
        stopEditing(channelId);
      } else if (draft.replies.length) {
        event.preventDefault();
        clearDraftReplies(channelId);
      }
    } else if (event.key === "ArrowUp" && !draft.content && !editing) {
      event.preventDefault();
      editLastOwnMessage();
    }
  };

  const onValueChange = (content: string) => {
    setDraftContent(channelId, content);
    if (content.trim() && !editing) notifyTyping(channelId);
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length && !editing) {
      event.preventDefault();
      addFiles(files);
    }
  };

  const insertEmoji = (unicode: string) => {
    const element = textareaRef.current;
    const text = toDisplay(draft.content, labelOf);
    const start = element?.selectionStart ?? text.display.length;
    const end = element?.selectionEnd ?? text.display.length;
    const edited = replaceDisplayRange(text, start, end, unicode, labelOf);
    setDraftContent(channelId, edited.markup);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(edited.caret, edited.caret);
    });
  };

  if (!permissions.send) return null;

  return (
    <div className="composer">
      {draft.slowDownUntil && draft.slowDownUntil > Date.now() && <SlowModeNotice until={draft.slowDownUntil} />}
      {notice && (
        <p className="composer__notice composer__notice--error" role="alert">
          {notice}
        </p>
      )}
      {editing && (
        <div className="composer__bar composer__bar--edit">
          <Icon name="edit" size={16} />
          <strong>{t("composer.editing")}</strong>
          <span className="muted">{t("composer.editHint")}</span>
          <button type="button" className="icon-button composer__bar-close" aria-label={t("composer.cancelEdit")} onClick={() => stopEditing(channelId)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      {!editing && draft.replies.length > 0 && (
        <div className="composer__bar composer__bar--replies">
          <ul className="composer__replies" aria-label={t("composer.cancelReplies")}>
            {draft.replies.map((reply) => (
              <li key={reply.id} className="composer__reply">
                <Icon name="reply" size={14} />
                <span>{t("composer.replyingTo", { user: reply.createdBy.username })}</span>
                <button
                  type="button"
                  className="icon-button composer__chip-close"
                  aria-label={t("composer.removeReply", { user: reply.createdBy.username })}
                  onClick={() => removeDraftReply(channelId, reply.id)}
                >
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
          </ul>
          <label className="composer__toggle">
            <input
              type="checkbox"
              checked={draft.mentionReplies}
              onChange={(event) => updateDraft(channelId, { mentionReplies: event.target.checked })}
            />
            <Icon name="at" size={14} />
            {t("composer.mentionReplies")}
          </label>
          <button type="button" className="icon-button composer__bar-close" aria-label={t("composer.cancelReplies")} onClick={() => clearDraftReplies(channelId)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      {!editing && draft.attachments.length > 0 && (
        <div className="composer__bar composer__bar--attachment">
          <ul className="composer__files" aria-label={t("composer.files", { count: draft.attachments.length })} data-testid="composer-files">
            {draft.attachments.map((attachment) => (
              <li key={attachment.id} className="composer__file">
                <Icon name="file" size={16} />
                <span className="composer__file-name">{attachment.file.name}</span>
                <span className="muted">{formatFileSize(attachment.file.size)}</span>
                <button
                  type="button"
                  className="icon-button composer__chip-close"
                  aria-label={t("composer.removeFile", { name: attachment.file.name })}
                  onClick={() => removeDraftFile(channelId, attachment.id)}
                >
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {draft.htmlMode && !editing && <p className="composer__notice">{t("composer.htmlModeOn")}</p>}
      <div className="composer__row">
        {!editing && (
          <>
            <button type="button" className="icon-button" aria-label={t("composer.attach")} title={t("composer.attach")} onClick={() => fileInput.current?.click()}>
              <Icon name="paperclip" size={20} />
            </button>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              data-testid="composer-file-input"
              onChange={(event) => {
                addFiles([...(event.target.files ?? [])]);
                event.target.value = "";
                textareaRef.current?.focus();
              }}
            />
          </>
        )}
        <MarkupTextarea
          textareaRef={textareaRef}
          className="composer__input"
          aria-label={t("composer.label")}
          placeholder={placeholder}
          rows={1}
          value={draft.content}
          onValueChange={onValueChange}
          labelOf={labelOf}
          providers={providers}
          listId={`suggestions-${channelId}`}
          suggestionsRef={suggestions}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        {!editing && (
          <button
            type="button"
            className={`icon-button${draft.htmlMode ? " icon-button--active" : ""}`}
            aria-label={t("composer.htmlMode")}
            aria-pressed={draft.htmlMode}
            title={t("composer.htmlMode")}
            onClick={() => updateDraft(channelId, { htmlMode: !draft.htmlMode })}
          >
            <Icon name="code" size={20} />
          </button>
        )}
        {!editing && (
          <ComposerButtons
            channelId={channelId}
            send={(content) => {
              void sendText(channelId, content);
              onSend();
            }}
          />
        )}
        <button
          type="button"
          className="icon-button"
          aria-label={t("composer.emoji")}
          title={t("composer.emoji")}
          onClick={(event) => openEmojiPicker(event.currentTarget, (emoji) => insertEmoji(emoji.unicode))}
        >
          <Icon name="smile" size={20} />
        </button>
        <button
          type="button"
          className="icon-button composer__send"
          aria-label={editing ? t("composer.save") : t("composer.send")}
          title={editing ? t("composer.save") : t("composer.send")}
          disabled={tooLong}
          onClick={() => {
            void submit();
            textareaRef.current?.focus();
          }}
        >
          <Icon name={editing ? "check" : "send"} size={20} />
        </button>
      </div>
      {length >= COUNTER_FROM && (
        <p className={`composer__counter${tooLong ? " composer__counter--over" : ""}`} aria-live="polite">
          {tooLong ? t("composer.tooLong", { count: length }) : t("composer.counter", { count: length })}
        </p>
      )}
    </div>
  );
}

export function useFocusComposerOnType(textareaRef: RefObject<HTMLTextAreaElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target || target.closest("input, textarea, select, [contenteditable='true'], [role='dialog']")) return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
      textareaRef.current?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [textareaRef]);
}
