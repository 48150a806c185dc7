/**
 * "Add friend": a name, or `name:tag`, with suggestions as you type (suggestions.ts). Picking a
 * suggestion (click, or arrows and Enter) fills in its `name:tag`; sending a bare name that one
 * suggestion bears exactly sends to that person. The request is the protocol's
 * `POST /friends/add {username, tag}` either way.
 */
import { request } from "@hearth/api/request";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { fieldError, useFormAction } from "@hearth/ui/form/useFormAction";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useServersStore } from "../../servers/web/public";
import { sendFriendRequest } from "./friendsApi";
import { useFriendsStore } from "./friendsStore";
import { t } from "./i18n";
import { coMembersOf, resolveFriendName, searchText, suggestFriends, type Candidate, type CoMember, type Suggestion } from "./suggestions";

const SEARCH_DELAY_MS = 300;
const SEARCH_MIN_LENGTH = 2;

/**
 * Answers of the two suggestion routes by query, kept a minute: `GET /users/search` (the social
 * plugin's; it allows 15 requests a minute) and `GET /friends/suggestions` (Hearth's: your servers'
 * members, including those this page has not loaded).
 */
const KEPT_MS = 60_000;
const answers = new Map<string, { at: number; users: Promise<unknown[]> }>();

function ask<T>(path: string, text: string): Promise<T[]> {
  const key = `${path}?${text}`;
  const kept = answers.get(key);
  if (kept && Date.now() - kept.at < KEPT_MS) return kept.users as Promise<T[]>;
  const users = request<T[]>({ path, query: { q: text } }).catch(() => {
    answers.delete(key); // a refusal (rate limit, offline) is not remembered
    return [] as T[];
  });
  answers.set(key, { at: Date.now(), users });
  if (answers.size > 200) answers.delete(answers.keys().next().value!);
  return users;
}

interface Remote<T> {
  results: T[];
  pending: boolean;
  /** The answer for the text typed, now (a send does not wait for the pause in typing). */
  settle: () => Promise<T[]>;
}

/** A route's answer for the text typed, after a pause in typing; nothing when not enabled. */
function useRemote<T>(path: string, text: string, enabled: boolean): Remote<T> {
  const [results, setResults] = useState<{ text: string; users: T[] }>({ text: "", users: [] });
  const wanted = enabled && text.length >= SEARCH_MIN_LENGTH;
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    const timer = setTimeout(() => void ask<T>(path, text).then((users) => active && setResults({ text, users })), SEARCH_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [path, text, wanted]);
  const current = wanted && results.text === text;
  return {
    results: current ? results.users : [],
    pending: wanted && !current,
    settle: () => (wanted ? ask<T>(path, text) : Promise.resolve([])),
  };
}

/** A co-member as `GET /friends/suggestions` answers. */
type RemoteCoMember = Candidate & { sharedServer: { id: string; name: string }; nickname?: string };

const asCoMembers = (found: readonly RemoteCoMember[]): CoMember[] =>
  found.map(({ sharedServer, nickname, ...user }) => ({ serverName: sharedServer.name, nickname, user }));

/** The members of your servers this page has loaded (at once, without a request). */
function useLoadedCoMembers(serversLoaded: boolean) {
  const servers = useServersStore((state) => state.servers);
  const members = useServersStore((state) => state.members);
  return useMemo(() => (serversLoaded ? coMembersOf(servers, members) : []), [serversLoaded, servers, members]);
}

export function AddFriendForm() {
  const [value, setValue] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { pending, errors, run } = useFormAction(["usernameAndTag"] as const, { username: "usernameAndTag", tag: "usernameAndTag" });
  const friends = useFriendsStore((state) => state.friends);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const serversLoaded = usePluginLoaded("servers");
  const loaded = useLoadedCoMembers(serversLoaded);
  const text = searchText(value);
  const remoteCoMembers = useRemote<RemoteCoMember>("/friends/suggestions", text, serversLoaded);
  const search = useRemote<Candidate>("/users/search", text, usePluginLoaded("social"));
  const coMembers = useMemo(() => [...loaded, ...asCoMembers(remoteCoMembers.results)], [loaded, remoteCoMembers.results]);
  const searching = search.pending || remoteCoMembers.pending;
  const suggestions = useMemo(
    () => suggestFriends(value, coMembers, search.results, friends, selfId),
    [value, coMembers, search.results, friends, selfId],
  );
  const listId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const showList = open && text.length > 0 && !value.includes(":") && (suggestions.length > 0 || searching);

  useEffect(() => setActive(-1), [text]);

  const pick = (suggestion: Suggestion) => {
    setValue(`${suggestion.username}:${suggestion.tag}`);
    setOpen(false);
    input.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    setOpen(false);
    void run(async () => {
      let resolved = resolveFriendName(value, suggestions);
      if (resolved === "unknown" && !value.includes(":")) {
        // the answers may still be on their way: decide with them
        const [members, searched] = await Promise.all([remoteCoMembers.settle(), search.settle()]);
        resolved = resolveFriendName(value, suggestFriends(value, [...loaded, ...asCoMembers(members)], searched, friends, selfId));
      }
      if (resolved === "ambiguous") {
        setOpen(true);
        throw fieldError("usernameAndTag", t("add.ambiguous", { name: value.trim() }));
      }
      if (resolved === "unknown") throw fieldError("usernameAndTag", t("add.notFound", { name: value.trim() }));
      const friend = await sendFriendRequest(resolved.username, resolved.tag);
      setSentTo(friend?.recipient ? `${friend.recipient.username}:${friend.recipient.tag}` : `${resolved.username}:${resolved.tag}`);
      setValue("");
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showList || !suggestions.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        const next = current + step;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
    }
  };

  const error = errors.fields.usernameAndTag ?? errors.general;
  const noteId = `${inputId}-note`;
  return (
    <form className="add-friend" onSubmit={submit} noValidate>
      <h2 className="add-friend__title">{t("add.title")}</h2>
      <div className="add-friend__row">
        <div className="field add-friend__field">
          <label className="field__label" htmlFor={inputId}>
            {t("add.label")}
          </label>
          <div className="add-friend__combo">
            <input
              ref={input}
              id={inputId}
              className="field__input"
              placeholder={t("add.placeholder")}
              value={value}
              autoComplete="off"
              spellCheck={false}
              role="combobox"
              aria-expanded={showList}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={noteId}
              data-testid="add-friend-input"
              onChange={(event) => {
                setValue(event.target.value);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
            />
            {showList && (
              <ul className="add-friend__suggestions" id={listId} role="listbox" aria-label={t("add.suggestions")} data-testid="friend-suggestions">
                {suggestions.map((suggestion, index) => (
                  <li
                    key={suggestion.id}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    className={`add-friend__suggestion${index === active ? " add-friend__suggestion--active" : ""}`}
                    data-testid="friend-suggestion"
                    // mousedown, so the input keeps its focus (a click would blur it and close the list first)
                    onMouseDown={(event) => {
                      event.preventDefault();
                      pick(suggestion);
                    }}
                    onMouseEnter={() => setActive(index)}
                  >
                    <Avatar user={suggestion} size={28} />
                    <span className="add-friend__suggestion-names">
                      <span className="add-friend__suggestion-handle">
                        {suggestion.username}
                        <span className="friend-row__tag">:{suggestion.tag}</span>
                      </span>
                      <span className="add-friend__suggestion-where muted">
                        {suggestion.sharedServer
                          ? suggestion.nickname
                            ? t("add.sharedServerAs", { server: suggestion.sharedServer, nickname: suggestion.nickname })
                            : t("add.sharedServer", { server: suggestion.sharedServer })
                          : t("add.searchResult")}
                      </span>
                    </span>
                  </li>
                ))}
                {searching && (
                  <li className="add-friend__suggestion add-friend__suggestion--searching muted" role="presentation">
                    <span className="spinner" aria-hidden="true" /> {t("add.searching")}
                  </li>
                )}
              </ul>
            )}
          </div>
          <p id={noteId} className={error ? "field__error" : "field__hint"} role={error ? "alert" : undefined}>
            {error ?? (sentTo ? "" : t("add.hint"))}
          </p>
        </div>
        <Button type="submit" variant="primary" loading={pending} disabled={!value.trim()}>
          {t("add.submit")}
        </Button>
      </div>
      {sentTo && (
        <p className="add-friend__sent" role="status">
          {t("add.sent", { user: sentTo })}
        </p>
      )}
    </form>
  );
}
