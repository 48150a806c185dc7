/**
 * A moderator's warnings (entities.md §3.9): listed in `user:authenticated.user.notices`, sent
 * live as `user:notice_created`, shown over the app until the user acknowledges each one
 * (`DELETE /users/notices/:id`).
 */
import { describeError } from "@hearth/api/requestErrors";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { formatDateTime } from "@hearth/ui/format";
import { useState } from "react";
import { create } from "zustand";
import { t } from "./i18n";
import { dismissNotice } from "./startupApi";
import type { Notice } from "./types";
import "./notices.css";

export const useNotices = create<{ notices: Notice[] }>()(() => ({ notices: [] }));

export function noticesReceived(payload: { user?: { notices?: Notice[] } }): void {
  useNotices.setState({ notices: payload.user?.notices ?? [] });
}

export function noticeCreated(notice: Notice): void {
  useNotices.setState(({ notices }) => ({
    notices: notices.some((known) => known.id === notice.id) ? notices : [...notices, notice],
  }));
}

/** The oldest unacknowledged warning, over everything else. */
export function WarningNotices() {
  const notice = useNotices((state) => state.notices[0]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!notice) return null;

  const acknowledge = async () => {
    setPending(true);
    setError(null);
    try {
      await dismissNotice(notice.id);
      useNotices.setState(({ notices }) => ({ notices: notices.filter((known) => known.id !== notice.id) }));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="modal-backdrop moderation-warning-backdrop">
      <div className="modal-panel moderation-warning" role="alertdialog" aria-modal="true" aria-labelledby="moderation-warning-title" data-testid="moderation-warning">
        <h2 id="moderation-warning-title">{t("notices.title")}</h2>
        <p className="moderation-warning__content">{notice.content}</p>
        <p className="muted">
          {t("notices.from", { name: notice.createdBy?.username ?? t("audit.someone"), date: formatDateTime(notice.createdAt) })}
        </p>
        <FormError message={error} />
        <div className="button-row button-row--end">
          <Button variant="primary" loading={pending} onClick={() => void acknowledge()}>
            {t("notices.acknowledge")}
          </Button>
        </div>
      </div>
    </div>
  );
}
