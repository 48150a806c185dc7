/** The status menu the status picker opens: the five statuses and a custom status. */
import { request } from "@hearth/api/request";
import { describeError } from "@hearth/api/requestErrors";
import type { PresenceStatus } from "./public";
import { Button } from "@hearth/ui/Button";
import { useState, type FormEvent } from "react";
import { t } from "./i18n";
import { STATUS_CLASS, statusName } from "./PresenceDot";
import { presenceUpdated, usePresence } from "./presenceStore";

/** `POST /users/presence` (rest.md §1.24); the update event follows, applied now as well. */
async function setPresence(userId: string, change: { status?: PresenceStatus; custom?: string | null }): Promise<void> {
  await request({ method: "POST", path: "/users/presence", body: change });
  presenceUpdated({ userId, ...change });
}

const CHOICES: Array<{ status: PresenceStatus; label: () => string }> = [
  { status: 1, label: () => statusName(1) },
  { status: 2, label: () => statusName(2) },
  { status: 3, label: () => statusName(3) },
  { status: 4, label: () => statusName(4) },
  { status: 0, label: () => t("status.invisible") },
];

export function StatusMenu({ userId, close }: { userId: string; close: () => void }) {
  const presence = usePresence(userId);
  const [custom, setCustom] = useState(presence?.custom ?? "");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (name: string, change: { status?: PresenceStatus; custom?: string | null }, closeAfter: boolean) => {
    setBusy(name);
    setError(null);
    try {
      await setPresence(userId, change);
      if (closeAfter) close();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(null);
    }
  };

  const saveCustom = (event: FormEvent) => {
    event.preventDefault();
    void run("custom", { custom: custom.trim() || null }, true);
  };

  return (
    <div className="status-menu">
      <h2 className="status-menu__title">{t("picker.title")}</h2>
      <ul className="status-menu__list">
        {CHOICES.map(({ status, label }) => (
          <li key={status}>
            <button
              type="button"
              className="status-menu__choice"
              aria-pressed={(presence?.status ?? 0) === status}
              disabled={busy !== null}
              onClick={() => void run(`status-${status}`, { status }, true)}
            >
              <span className={`presence-dot presence-dot--inline presence-dot--${STATUS_CLASS[status]}`} aria-hidden="true" />
              {label()}
              {busy === `status-${status}` && <span className="spinner" aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
      <form className="status-menu__custom" onSubmit={saveCustom}>
        <label className="field__label" htmlFor="custom-status">
          {t("picker.custom")}
        </label>
        <input
          id="custom-status"
          className="field__input"
          maxLength={200}
          value={custom}
          placeholder={t("picker.customPlaceholder")}
          onChange={(event) => setCustom(event.target.value)}
        />
        <div className="button-row">
          <Button type="submit" variant="primary" loading={busy === "custom"}>
            {t("picker.save")}
          </Button>
          {presence?.custom && (
            <Button loading={busy === "clear"} onClick={() => void run("clear", { custom: null }, true)}>
              {t("picker.clear")}
            </Button>
          )}
        </div>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
