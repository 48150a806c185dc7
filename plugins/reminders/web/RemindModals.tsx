/** The "Remind me" modal (presets or a custom time) and the modal shown when a reminder is due. */
import { formatDate } from "@hearth/i18n/i18n";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useReadState } from "../../messages/web/public";
import { t } from "./i18n";
import { addReminder, deleteReminder, updateReminder } from "./remindersApi";
import { removeReminder, upsertReminder } from "./remindersStore";
import {
  fromLocalInputValue,
  jumpPath,
  postPath,
  presetTimestamp,
  reminderSubject,
  REMINDER_PRESETS,
  SNOOZE_MS,
  toLocalInputValue,
  type ReminderPreset,
} from "./schedule";
import type { Reminder } from "./types";
import "./reminders.css";

type Choice = ReminderPreset | "custom";

const presetLabel = (preset: ReminderPreset) => (preset === "20m" ? t("create.in20m") : preset === "1h" ? t("create.in1h") : t("create.tomorrow"));
const formatWhen = (timestamp: number) => formatDate(timestamp, { dateStyle: "medium", timeStyle: "short" });
const errorText = (error: unknown) => (error as { message?: string })?.message ?? String(error);

function CreateReminder({ messageId, excerpt, close }: { messageId: string; excerpt: string; close: () => void }) {
  const [choice, setChoice] = useState<Choice>("20m");
  const [custom, setCustom] = useState(() => toLocalInputValue(Date.now() + 60 * 60_000));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const now = Date.now();
    const timestamp = choice === "custom" ? fromLocalInputValue(custom) : presetTimestamp(choice, now);
    if (timestamp === null || timestamp <= now) {
      setError(t("create.customInvalid"));
      return;
    }
    setPending(true);
    setError(null);
    try {
      upsertReminder(await addReminder(messageId, timestamp));
      close();
    } catch (caught) {
      setError(errorText(caught));
      setPending(false);
    }
  };

  return (
    <ModalPanel
      title={t("create.title")}
      onClose={close}
      actions={
        <>
          <Button onClick={close}>{t("create.cancel")}</Button>
          <Button variant="primary" loading={pending} onClick={() => void submit()} data-testid="reminder-set">
            {t("create.set")}
          </Button>
        </>
      }
    >
      <div className="reminder-modal" data-testid="reminder-create">
        {excerpt && <blockquote className="reminder-modal__excerpt">{excerpt}</blockquote>}
        <fieldset className="reminder-modal__choices">
          <legend className="field__label">{t("create.presets")}</legend>
          {[...REMINDER_PRESETS, "custom" as const].map((item) => (
            <label key={item} className="reminder-modal__choice">
              <input type="radio" name="reminder-when" value={item} checked={choice === item} onChange={() => setChoice(item)} />
              <span>{item === "custom" ? t("create.custom") : presetLabel(item)}</span>
            </label>
          ))}
        </fieldset>
        {choice === "custom" && (
          <input
            type="datetime-local"
            className="field__input"
            aria-label={t("create.custom")}
            value={custom}
            min={toLocalInputValue(Date.now())}
            onChange={(event) => setCustom(event.target.value)}
          />
        )}
        <FormError message={error} />
      </div>
    </ModalPanel>
  );
}

export function openCreateReminder(messageId: string, excerpt: string): void {
  openModal((close) => <CreateReminder messageId={messageId} excerpt={excerpt} close={close} />);
}

function DueReminder({ reminder, close }: { reminder: Reminder; close: () => void }) {
  const navigate = useNavigate();
  const channelId = reminder.message?.channelId ?? reminder.channelId;
  const serverId = useReadState((state) => (channelId ? state.channels[channelId]?.serverId : undefined));
  const [pending, setPending] = useState<"done" | "snooze" | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (kind: "done" | "snooze") => {
    setPending(kind);
    setError(null);
    try {
      if (kind === "done") {
        await deleteReminder(reminder.id);
        removeReminder(reminder);
      } else {
        upsertReminder(await updateReminder(reminder.id, Date.now() + SNOOZE_MS));
      }
      close();
    } catch (caught) {
      setError(errorText(caught));
      setPending(null);
    }
  };

  const subject = reminderSubject(reminder);
  const message = subject.kind === "message" ? subject.message : null;
  const post = subject.kind === "post" ? subject.post : null;
  return (
    <ModalPanel
      title={t("due.title")}
      onClose={close}
      actions={
        <>
          <Button loading={pending === "snooze"} disabled={pending !== null} onClick={() => void run("snooze")}>
            {t("due.snooze")}
          </Button>
          <Button variant="primary" loading={pending === "done"} disabled={pending !== null} onClick={() => void run("done")}>
            {t("due.done")}
          </Button>
        </>
      }
    >
      <div className="reminder-modal" data-testid="reminder-due">
        <p className="muted">{t("due.setFor", { when: formatWhen(reminder.remindAt) })}</p>
        {message ? (
          <>
            {message.createdBy?.username && <p className="reminder-modal__author">{t("due.from", { name: message.createdBy.username })}</p>}
            <blockquote className="reminder-modal__excerpt">{excerptOf(message.content ?? "")}</blockquote>
            {channelId && (
              <div>
                <Button
                  onClick={() => {
                    navigate(jumpPath(channelId, message.id, serverId));
                    close();
                  }}
                >
                  {t("due.jump")}
                </Button>
              </div>
            )}
          </>
        ) : post ? (
          <>
            {post.createdBy?.username && <p className="reminder-modal__author">{t("due.from", { name: post.createdBy.username })}</p>}
            <blockquote className="reminder-modal__excerpt">{excerptOf(post.content ?? "")}</blockquote>
            <div>
              <Button
                onClick={() => {
                  navigate(postPath(post.id));
                  close();
                }}
              >
                {t("due.viewPost")}
              </Button>
            </div>
          </>
        ) : (
          <p className="muted">{t(subject.kind === "gone" && subject.of === "post" ? "due.noPost" : "due.noMessage")}</p>
        )}
        <FormError message={error} />
      </div>
    </ModalPanel>
  );
}

export function excerptOf(content: string, length = 200): string {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

export function openDueReminder(reminder: Reminder): void {
  openModal((close) => <DueReminder reminder={reminder} close={close} />);
}
