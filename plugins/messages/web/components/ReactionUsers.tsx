/**
 * Who reacted (rest.md §3.13): hovering a reaction for a moment, focusing it, or a long press on
 * touch shows the first users who reacted, loaded on demand (with a loading state) and kept
 * while the count stays the same.
 */
import { describeError } from "@hearth/api/requestErrors";
import { Avatar } from "@hearth/ui/Avatar";
import { createLongPress } from "@hearth/ui/contextMenu/longPress";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { t } from "../i18n";
import { fetchReactionUsers, type ReactedUser } from "../searchApi";
import type { Message, Reaction } from "../types";

export const HOVER_DELAY_MS = 400;
const SHOWN = 10;

const cache = new Map<string, ReactedUser[]>();
const cacheKey = (message: Message, reaction: Reaction) => `${message.id}:${reaction.emojiId ?? ""}:${reaction.name}:${reaction.count}`;

type Loaded = { users: ReactedUser[] } | { error: string } | null;

function useReactionUsers(message: Message, reaction: Reaction, open: boolean): Loaded {
  const key = cacheKey(message, reaction);
  const [loaded, setLoaded] = useState<Loaded>(() => (cache.has(key) ? { users: cache.get(key)! } : null));
  useEffect(() => {
    if (!open) return;
    const cached = cache.get(key);
    if (cached) {
      setLoaded({ users: cached });
      return;
    }
    let live = true;
    setLoaded(null);
    fetchReactionUsers(message.channelId, message.id, reaction.name, reaction.emojiId, SHOWN).then(
      (users) => {
        cache.set(key, users);
        if (live) setLoaded({ users });
      },
      (failure) => live && setLoaded({ error: describeError(failure) }),
    );
    return () => {
      live = false;
    };
  }, [open, key, message.channelId, message.id, reaction.name, reaction.emojiId]);
  return loaded;
}

export function ReactionUsersHover({ message, reaction, children }: { message: Message; reaction: Reaction; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressed = useRef(false);
  const tooltipId = useId();
  const loaded = useReactionUsers(message, reaction, open);
  const longPress = useMemo(
    () =>
      createLongPress(() => {
        pressed.current = true;
        setOpen(true);
      }),
    [],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  // A long press opened it: the next touch anywhere closes it.
  useEffect(() => {
    if (!open || !pressed.current) return;
    const close = () => {
      pressed.current = false;
      setOpen(false);
    };
    const onTouch = () => setTimeout(close, 0);
    document.addEventListener("touchstart", onTouch, { once: true });
    return () => document.removeEventListener("touchstart", onTouch);
  }, [open]);

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), HOVER_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (!pressed.current) setOpen(false);
  };
  const others = reaction.count - (loaded && "users" in loaded ? loaded.users.length : 0);

  return (
    <span
      className="reaction-wrap"
      aria-describedby={open ? tooltipId : undefined}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onTouchStart={(event) => longPress.start(event.touches[0]!)}
      onTouchMove={(event) => longPress.move(event.touches[0]!)}
      onTouchEnd={(event) => {
        // The long press showed the list: the lift does not toggle the reaction.
        if (longPress.end() || pressed.current) event.preventDefault();
      }}
      onContextMenu={(event) => {
        if (pressed.current) event.preventDefault();
      }}
    >
      {children}
      {open && (
        <div className="reaction-users" role="tooltip" id={tooltipId} data-testid="reaction-users">
          <strong>{t("reactors.title", { name: reaction.emojiId ? `:${reaction.name}:` : reaction.name })}</strong>
          {loaded === null ? (
            <PaneLoading label={t("reactors.loading")} />
          ) : "error" in loaded ? (
            <p className="form-error">{loaded.error}</p>
          ) : (
            <ul>
              {loaded.users.map(({ user }) => (
                <li key={user.id}>
                  <Avatar user={user} size={18} />
                  {user.username}
                </li>
              ))}
              {others > 0 && <li className="muted">{t("reactors.more", { count: others })}</li>}
            </ul>
          )}
        </div>
      )}
    </span>
  );
}

/** For tests: forget what was loaded. */
export function clearReactionUsersCache(): void {
  cache.clear();
}
