import { ComposerButtons } from "@hearth/plugins/extensions";
import { openEmojiPicker } from "@hearth/ui/emoji/EmojiPicker";
import { convertShortcodes, ShortcodeSuggestions, useShortcodeSuggestions } from "@hearth/ui/emoji/ShortcodeSuggestions";
import { Icon } from "@hearth/ui/Icon";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { useCountdown } from "@hearth/ui/useCountdown";
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type RefObject } from "react";
import { t } from "../i18n";
import { deleteMessage, MAX_MESSAGE_LENGTH, sendDraft, sendText } from "../store/actions";
import {
  clearDraftReplies,
  removeDraftReply,
  setDraftAttachment,
  setDraftContent,
  startEditing,
  stopEditing,
  updateDraft,
  useDraft,
} from "../store/draftStore";
import { findMessage, getChannelMessages } from "../store/messageStore";
import { notifyTyping } from "../store/typingStore";
import { formatFileSize } from "./format";
import { CommandSuggestions, useCommandSuggestions } from "./CommandSuggestions";
import { withBotId } from "./commands";
import { usePaneContext } from "./paneContext";

const COUNTER_FROM = 1800;

interface ComposerProps {
  placeholder: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Called after a new message was handed to the list (to scroll to it). */
  onSend: () => void;
}

function autoGrow(element: HTMLTextAreaElement | null): void {
  if (!element) return;
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
  const { channelId, selfId, permissions } = usePaneContext();
  const draft = useDraft(channelId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const editing = draft.editMessageId !== null;
  const length = draft.content.trim().length;
  const tooLong = length > MAX_MESSAGE_LENGTH;

  useLayoutEffect(() => autoGrow(textareaRef.current), [draft.content, textareaRef]);
  useEffect(() => setNotice(null), [channelId]);
  // `:name` suggestions and `:name:` conversion on send (shell: ui/emoji/ShortcodeSuggestions).
  const shortcodes = useShortcodeSuggestions(
    () => textareaRef.current?.value ?? draft.content,
    (text, caret) => {
      setDraftContent(channelId, text);
      requestAnimationFrame(() => textareaRef.current?.setSelectionRange(caret, caret));
    },
  );
  useEffect(() => shortcodes.close(), [channelId, shortcodes.close]);
  // `/` lists the channel's bots' commands; the picked one is remembered (spec §3 "selected bot command").
  const commands = useCommandSuggestions(channelId, (command) => {
    const text = `/${command.name} `;
    updateDraft(channelId, { content: text, botCommand: { name: command.name, botUserId: command.botUserId } });
    requestAnimationFrame(() => textareaRef.current?.setSelectionRange(text.length, text.length));
  });

  const submit = async () => {
    setNotice(null);
    const result = await sendDraftOrEdit();
    if (result === "too-long") setNotice(t("composer.tooLong", { count: length }));
  };

  const sendDraftOrEdit = async () => {
    const editId = draft.editMessageId;
    shortcodes.close();
    commands.close();
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
    if (commands.onKeyDown(event) || shortcodes.onKeyDown(event)) return;
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

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setDraftContent(channelId, event.target.value);
    shortcodes.update(event.target.value, event.target.selectionStart ?? event.target.value.length);
    if (!editing) commands.update(event.target.value);
    if (event.target.value.trim() && !editing) notifyTyping(channelId);
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = event.clipboardData.files[0];
    if (file && !editing) {
      event.preventDefault();
      setDraftAttachment(channelId, file);
    }
  };

  const insertEmoji = (unicode: string) => {
    const element = textareaRef.current;
    const content = draft.content;
    const start = element?.selectionStart ?? content.length;
    const end = element?.selectionEnd ?? content.length;
    setDraftContent(channelId, content.slice(0, start) + unicode + content.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + unicode.length, start + unicode.length);
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
      {!editing && draft.attachment && (
        <div className="composer__bar composer__bar--attachment">
          <Icon name="file" size={16} />
          <span className="composer__file-name">{draft.attachment.file.name}</span>
          <span className="muted">{formatFileSize(draft.attachment.file.size)}</span>
          <button type="button" className="icon-button composer__bar-close" aria-label={t("composer.removeAttachment")} onClick={() => setDraftAttachment(channelId, null)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      {draft.htmlMode && !editing && <p className="composer__notice">{t("composer.htmlModeOn")}</p>}
      <ShortcodeSuggestions state={shortcodes} id={`shortcodes-${channelId}`} />
      <CommandSuggestions state={commands} id={`commands-${channelId}`} />
      <div className="composer__row">
        {!editing && (
          <>
            <button type="button" className="icon-button" aria-label={t("composer.attach")} title={t("composer.attach")} onClick={() => fileInput.current?.click()}>
              <Icon name="paperclip" size={20} />
            </button>
            <input
              ref={fileInput}
              type="file"
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) setDraftAttachment(channelId, file);
                event.target.value = "";
                textareaRef.current?.focus();
              }}
            />
          </>
        )}
        <textarea
          ref={textareaRef}
          className="composer__input"
          aria-label={t("composer.label")}
          placeholder={placeholder}
          rows={1}
          aria-controls={shortcodes.list ? `shortcodes-${channelId}` : undefined}
          aria-activedescendant={shortcodes.list ? `shortcodes-${channelId}-${shortcodes.list.index}` : undefined}
          value={draft.content}
          onChange={onChange}
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
