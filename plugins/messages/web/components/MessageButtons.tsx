/**
 * A message's buttons (entities.md §6.7) under its content. A click calls the click route and
 * stays busy until the author answers or 10 s pass; `alert` buttons are drawn in the alert
 * colour. The author's answer with content opens a popup; its form values go back on close.
 */
import { Button } from "@hearth/ui/Button";
import { Markup } from "@hearth/ui/markup/Markup";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState } from "react";
import { t } from "../i18n";
import {
  buttonKey,
  clickButton,
  sendPopupAnswer,
  setButtonPopupOpener,
  useButtonClicks,
  type ButtonCallbackPayload,
} from "../store/buttonClicks";
import { useMessageStore } from "../store/messageStore";
import type { Message } from "../types";

export function MessageButtons({ message }: { message: Message }) {
  const buttons = message.buttons ?? [];
  const busy = useButtonClicks((state) => state.busy);
  const errors = useButtonClicks((state) => state.errors);
  if (!buttons.length || message.local) return null;
  const error = buttons.map((button) => errors[buttonKey(message.channelId, message.id, button.id)]).find(Boolean);
  return (
    <div className="message-buttons" role="group" aria-label={t("buttons.label")}>
      {buttons.map((button) => (
        <Button
          key={button.id}
          variant={button.alert ? "danger" : "primary"}
          loading={Boolean(busy[buttonKey(message.channelId, message.id, button.id)])}
          data-testid="message-button"
          onClick={() => void clickButton(message.channelId, message.id, button.id)}
        >
          {button.label}
        </Button>
      ))}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function authorName(payload: ButtonCallbackPayload): string {
  const messages = useMessageStore.getState().channels[payload.channelId]?.messages ?? [];
  return messages.find((message) => message.id === payload.messageId)?.createdBy.username ?? t("buttons.bot");
}

function ButtonPopup({ payload, close }: { payload: ButtonCallbackPayload; close: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const author = authorName(payload);
  const form = (payload.components ?? []).filter((component) => component.type !== "text");
  const finish = () => {
    close();
    if (form.length) void sendPopupAnswer(payload, values).catch(() => undefined);
  };
  const set = (id: string, value: string) => setValues((current) => ({ ...current, [id]: value }));
  return (
    <ModalPanel
      title={payload.title ? t("buttons.popupTitle", { title: payload.title, author }) : t("buttons.responseFrom", { author })}
      onClose={close}
      actions={
        <Button variant="primary" onClick={finish}>
          {payload.buttonLabel || t("buttons.close")}
        </Button>
      }
    >
      <div className="button-popup" data-testid="button-popup">
        {payload.content && <Markup content={payload.content} />}
        {(payload.components ?? []).map((component) =>
          component.type === "text" ? (
            <p key={component.id}>{component.content}</p>
          ) : component.type === "input" ? (
            <label key={component.id}>
              {component.label && <span>{component.label}</span>}
              <input className="field__input" placeholder={component.placeholder} maxLength={500} onChange={(event) => set(component.id, event.target.value)} />
            </label>
          ) : (
            <label key={component.id}>
              {component.label && <span>{component.label}</span>}
              <select className="field__input" defaultValue="" onChange={(event) => set(component.id, event.target.value)}>
                <option value="" disabled>
                  {t("buttons.choose")}
                </option>
                {(component.items ?? []).map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.label}
                  </option>
                ))}
              </select>
            </label>
          ),
        )}
        {form.length > 0 && <p className="muted button-popup__notice">{t("buttons.dataNotice", { author })}</p>}
      </div>
    </ModalPanel>
  );
}

setButtonPopupOpener((payload) => openModal((close) => <ButtonPopup payload={payload} close={close} />));
