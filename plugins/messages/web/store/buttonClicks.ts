/**
 * Message buttons (rest.md §3.14–3.15): a click is busy until the author (a bot) answers with
 * `message:button_clicked_callback` or 10 s pass; an answer with content opens a popup, whose
 * form values go back to the author as a `modal_click`.
 */
import { describeError } from "@hearth/api/requestErrors";
import { create } from "zustand";
import { clickMessageButton } from "../searchApi";

export const CLICK_WAIT_MS = 10_000;

export interface ButtonCallbackComponent {
  id: string;
  type: "text" | "dropdown" | "input";
  content?: string;
  label?: string;
  placeholder?: string;
  items?: Array<{ id: string; label: string }>;
}

export interface ButtonCallbackPayload {
  messageId: string;
  channelId: string;
  buttonId: string;
  /** The author of the message (who answers). */
  userId: string;
  title?: string;
  content?: string;
  buttonLabel?: string;
  components?: ButtonCallbackComponent[];
}

interface ButtonClicksState {
  busy: Record<string, true>;
  errors: Record<string, string>;
}

export const useButtonClicks = create<ButtonClicksState>()(() => ({ busy: {}, errors: {} }));

export const buttonKey = (channelId: string, messageId: string, buttonId: string) => `${channelId}/${messageId}/${buttonId}`;

const timers = new Map<string, ReturnType<typeof setTimeout>>();
type PopupOpener = (payload: ButtonCallbackPayload) => void;
let openPopup: PopupOpener = () => undefined;

/** How an answer is shown (the component layer registers the modal). */
export function setButtonPopupOpener(opener: PopupOpener): void {
  openPopup = opener;
}

function settle(key: string, error?: string): void {
  const timer = timers.get(key);
  if (timer) clearTimeout(timer);
  timers.delete(key);
  useButtonClicks.setState(({ busy, errors }) => {
    const { [key]: _done, ...rest } = busy;
    const { [key]: _old, ...otherErrors } = errors;
    return { busy: rest, errors: error ? { ...otherErrors, [key]: error } : otherErrors };
  });
}

export async function clickButton(channelId: string, messageId: string, buttonId: string): Promise<void> {
  const key = buttonKey(channelId, messageId, buttonId);
  if (useButtonClicks.getState().busy[key]) return;
  useButtonClicks.setState(({ busy, errors }) => {
    const { [key]: _old, ...otherErrors } = errors;
    return { busy: { ...busy, [key]: true }, errors: otherErrors };
  });
  timers.set(key, setTimeout(() => settle(key), CLICK_WAIT_MS));
  try {
    await clickMessageButton(channelId, messageId, buttonId);
  } catch (failure) {
    settle(key, describeError(failure));
  }
}

/** `message:button_clicked_callback`: ends the wait; content or a form opens the popup. */
export function buttonCallbackReceived(payload: ButtonCallbackPayload): void {
  const key = buttonKey(payload.channelId, payload.messageId, payload.buttonId);
  const waiting = Boolean(useButtonClicks.getState().busy[key]);
  settle(key);
  if (waiting && (payload.content || payload.components?.length)) openPopup(payload);
}

/** The popup was closed: its form values go to the author. */
export function sendPopupAnswer(payload: ButtonCallbackPayload, values: Record<string, string>): Promise<unknown> {
  return clickMessageButton(payload.channelId, payload.messageId, payload.buttonId, values);
}

export function resetButtonClicks(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  useButtonClicks.setState({ busy: {}, errors: {} });
}
