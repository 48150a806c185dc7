/**
 * A moderator's suggestion (rest.md §8.6): MODs may not act on users and servers themselves, so
 * they propose an action with a reason; the admins act on it from the Suggestions page. No
 * password: suggesting changes nothing yet.
 */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { fieldError, useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState, type FormEvent } from "react";
import { t } from "./i18n";
import { suggestAction, type SuggestionTarget } from "./moderationApi";
import { SUGGESTION_LABEL } from "./suggestionActions";

/** The ModAuditLog action types worth proposing for each kind of target (entities.md §10.13). */
export const USER_SUGGESTIONS = [0, 7, 10] as const;
export const SERVER_SUGGESTIONS = [3, 4] as const;

interface SuggestOptions {
  title: string;
  target: SuggestionTarget;
  actions: readonly number[];
  onDone?: () => void;
}

function SuggestDialog({ title, target, actions, onDone, close }: SuggestOptions & { close: () => void }) {
  const [actionType, setActionType] = useState<number>(actions[0] ?? 0);
  const [reason, setReason] = useState("");
  const { pending, errors, run } = useFormAction(["reason"] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!reason.trim()) throw fieldError("reason", t("dialog.reasonRequired"));
      await suggestAction(actionType, reason.trim(), target);
      onDone?.();
      close();
    });
  };
  return (
    <ModalPanel title={title} onClose={close}>
      <form className="stack moderation-dialog" onSubmit={onSubmit} noValidate>
        <p className="muted">{t("suggest.text")}</p>
        <label className="field">
          <span className="field__label">{t("suggest.action")}</span>
          <select className="field__input" name="actionType" value={actionType} onChange={(event) => setActionType(Number(event.target.value))}>
            {actions.map((value) => (
              <option key={value} value={value}>
                {t(SUGGESTION_LABEL(value))}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("common.reason")}</span>
          <textarea
            className="field__input"
            name="reason"
            rows={3}
            maxLength={500}
            value={reason}
            aria-invalid={errors.fields.reason ? true : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {errors.fields.reason && <p className="field__error">{errors.fields.reason}</p>}
        </label>
        <FormError message={errors.general} />
        <div className="button-row button-row--end">
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {t("suggest.confirm")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

export function openSuggestDialog(options: SuggestOptions): void {
  openModal((close) => <SuggestDialog {...options} close={close} />);
}
