import { describeError } from "@hearth/api/requestErrors";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { Icon } from "@hearth/ui/Icon";
import { Markup } from "@hearth/ui/markup/Markup";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useState } from "react";
import { fetchPins } from "../api";
import { t } from "../i18n";
import { setPinned } from "../store/actions";
import type { Message } from "../types";
import { formatMessageTime } from "./format";
import { usePaneContext } from "./paneContext";
import { withoutBotId } from "./commands";

const PINS_PAGE_SIZE = 10;

/** The channel's pinned messages (rest.md §3.3), newest pin first, ten at a time. */
export function PinsPanel({ onClose }: { onClose: () => void }) {
  const { channelId, jumpTo, permissions } = usePaneContext();
  const [pins, setPins] = useState<Message[]>([]);
  const [loading, setLoading] = useState(true);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (afterId?: string) => {
      setLoading(true);
      setError(null);
      try {
        const { messages } = await fetchPins(channelId, afterId);
        setPins((current) => (afterId ? [...current, ...messages] : messages));
        setHasMore(messages.length >= PINS_PAGE_SIZE);
      } catch (failure) {
        setError(describeError(failure));
      } finally {
        setLoading(false);
      }
    },
    [channelId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  const unpin = async (message: Message) => {
    await setPinned(channelId, message, false);
    setPins((current) => current.filter((pin) => pin.id !== message.id));
  };

  return (
    <section className="pins-panel" aria-label={t("pins.title")}>
      <header className="pins-panel__header">
        <h2>{t("pins.title")}</h2>
        <button type="button" className="icon-button" aria-label={t("pins.close")} onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      <div className="pins-panel__list">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {!loading && !error && pins.length === 0 && <p className="muted pins-panel__empty">{t("pins.empty")}</p>}
        {pins.map((pin) => (
          <article key={pin.id} className="pin" data-testid="pinned-message">
            <header className="pin__header">
              <Avatar user={pin.createdBy} size={20} />
              <strong>{pin.createdBy.username}</strong>
              <span className="muted">{formatMessageTime(pin.createdAt)}</span>
            </header>
            <Markup content={withoutBotId(pin.content)} />
            <div className="pin__actions">
              <Button variant="ghost" onClick={() => jumpTo(pin.id)}>
                {t("actions.jump")}
              </Button>
              {permissions.pin && (
                <Button variant="ghost" onClick={() => void unpin(pin)}>
                  {t("actions.unpin")}
                </Button>
              )}
            </div>
          </article>
        ))}
        {loading && (
          <PaneLoading label={t("pins.loading")} />
        )}
        {hasMore && !loading && <Button onClick={() => void load(pins.at(-1)?.id)}>{t("pins.loadMore")}</Button>}
      </div>
    </section>
  );
}
