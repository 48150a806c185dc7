/** Pieces the developer pages share: the page frame, loading an application, copy buttons. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { describeError } from "@hearth/api/requestErrors";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { getApplication } from "./applicationsApi";
import { t } from "./i18n";
import type { Application } from "./types";
import "./applications.css";

export const DEVELOPER_ROOT = "/app/settings/developer/applications";

export function DeveloperFrame({ title, back, children }: { title: string; back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className="developer-page" data-testid="developer-page">
      <LayoutSlot name="headerTitle">{title}</LayoutSlot>
      {back && (
        <Link className="developer-page__back" to={back.to}>
          ← {back.label}
        </Link>
      )}
      <h2 className="developer-page__title">{title}</h2>
      {children}
    </div>
  );
}

export function Card({ title, description, danger = false, children }: { title: string; description?: string; danger?: boolean; children: ReactNode }) {
  return (
    <section className={`card developer-card${danger ? " developer-card--danger" : ""}`}>
      <h3 className="developer-card__title">{title}</h3>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}

type Loaded<T> = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; value: T };

/** Loads something once per key; `reload` fetches it again, `set` replaces it locally. */
export function useLoaded<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const reload = useCallback(() => {
    let live = true;
    setState({ status: "loading" });
    load().then(
      (value) => live && setState({ status: "ready", value }),
      (error) => live && setState({ status: "failed", message: describeError(error) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => reload(), [reload]);
  const set = useCallback((value: T) => setState({ status: "ready", value }), []);
  return { state, reload, set };
}

/** Loading and failure of a loaded value, or `children(value)` once it is there. */
export function LoadedView<T>({ state, retry, children }: { state: Loaded<T>; retry: () => void; children: (value: T) => ReactNode }) {
  if (state.status === "loading") return <PaneLoading label={t("common.loading")} />;
  if (state.status === "failed")
    return (
      <div className="stack">
        <FormError message={state.message} />
        <div>
          <Button onClick={retry}>{t("common.retry")}</Button>
        </div>
      </div>
    );
  return <>{children(state.value)}</>;
}

export function useApplication(appId: string) {
  return useLoaded<Application>(() => getApplication(appId), appId);
}

/** A button that copies `text` and says so for two seconds. */
export function CopyButton({ text, label, variant = "secondary" }: { text: string; label: string; variant?: "primary" | "secondary" }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      window.prompt(label, text); // no clipboard access (plain http): let the user copy it by hand
    }
  };
  return (
    <Button variant={variant} onClick={() => void copy()}>
      {copied ? t("common.copied") : label}
    </Button>
  );
}

/** The tabs of a bot's pages (spec §2: bot, create-link, profile, publish); the invite link only with servers, publishing only with explore. */
export function BotTabs({ appId }: { appId: string }) {
  const servers = usePluginLoaded("servers");
  const explore = usePluginLoaded("explore");
  const base = `${DEVELOPER_ROOT}/${encodeURIComponent(appId)}/bot`;
  const tabs = [
    { to: base, label: t("bot.tabs.token"), end: true },
    { to: `${base}/profile`, label: t("bot.tabs.profile"), end: false },
    ...(servers ? [{ to: `${base}/create-link`, label: t("bot.tabs.link"), end: false }] : []),
    ...(explore ? [{ to: `${base}/publish`, label: t("bot.tabs.publish"), end: false }] : []),
  ];
  return (
    <nav className="developer-tabs" aria-label={t("bot.tabs.label")}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => `developer-tabs__tab${isActive ? " developer-tabs__tab--active" : ""}`}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** A labelled text area with its error (or else its hint) below. */
export function TextAreaField({ label, value, onChange, error, hint, maxLength }: { label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string; maxLength?: number }) {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input developer-textarea" rows={3} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
      {note && <p className={error ? "field__error" : "field__hint"}>{note}</p>}
    </div>
  );
}

/** A settings form: its fields, then its error, "Saved." after a save, and the Save button. */
export function SaveForm({ onSave, pending, error, saved, children }: { onSave: () => void; pending: boolean; error: string | null; saved: boolean; children: ReactNode }) {
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {children}
      <FormError message={error} />
      <div className="developer-card__actions">
        {saved && <span role="status">{t("common.saved")}</span>}
        <Button type="submit" variant="primary" loading={pending}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}
