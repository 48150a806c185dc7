import { useEffect, useMemo, useRef, useState } from "react";
import { t } from "../../i18n/i18n";
import { customEmojiGroups } from "../../plugins/extensions";
import { openPopover } from "../popover/popoverStore";
import { customEmojiMarkup, customEmojiUrl, type CustomEmoji, type CustomEmojiGroup } from "./customEmoji";
import { Emoji } from "./Emoji";
import { loadEmojis, recentEmojis, rememberEmoji, searchEmojis, type EmojiEntry, type EmojiGroup } from "./emojiData";
import "./emojiPicker.css";

export interface PickedEmoji {
  /** The text to insert: the Unicode emoji, or the markup of a custom emoji (`[ce:<id>:<name>]`). */
  unicode: string;
  label: string;
  /** Set when a server's custom emoji was picked (reactions send its name, id and gif flag). */
  custom?: CustomEmoji;
}

interface EmojiPickerProps {
  onPick: (emoji: PickedEmoji) => void;
}

function EmojiButton({ emoji, label, onPick }: { emoji: string; label: string; onPick: (emoji: PickedEmoji) => void }) {
  return (
    <button type="button" className="emoji-picker__emoji" aria-label={label} title={label} onClick={() => onPick({ unicode: emoji, label })}>
      <Emoji emoji={emoji} />
    </button>
  );
}

function CustomEmojiButton({ emoji, onPick }: { emoji: CustomEmoji; onPick: (emoji: PickedEmoji) => void }) {
  const label = `:${emoji.name}:`;
  return (
    <button
      type="button"
      className="emoji-picker__emoji"
      aria-label={label}
      title={label}
      data-custom-emoji={emoji.id}
      onClick={() => onPick({ unicode: customEmojiMarkup(emoji), label: emoji.name, custom: emoji })}
    >
      <img className="emoji-picker__custom" src={customEmojiUrl(emoji.id)} alt={label} loading="lazy" />
    </button>
  );
}

/** Custom emojis whose name contains the query (case-insensitive), names starting with it first. */
export function searchCustomEmojis(groups: CustomEmojiGroup[], query: string, limit = 60): CustomEmoji[] {
  const word = query.trim().toLowerCase().replace(/^:|:$/g, "");
  if (!word) return [];
  const seen = new Set<string>();
  const matches = groups
    .flatMap((group) => group.emojis)
    .filter((emoji) => emoji.name.toLowerCase().includes(word) && !seen.has(emoji.id) && seen.add(emoji.id));
  const rank = (emoji: CustomEmoji) => (emoji.name.toLowerCase().startsWith(word) ? 0 : 1);
  return matches.sort((a, b) => rank(a) - rank(b)).slice(0, limit);
}

/** A searchable grid of Unicode emoji, with the recently used ones first, then each server's custom emojis. */
export function EmojiPicker({ onPick }: EmojiPickerProps) {
  const [groups, setGroups] = useState<EmojiGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const grid = useRef<HTMLDivElement>(null);
  const custom = useMemo(() => customEmojiGroups().filter((group) => group.emojis.length > 0), []);

  useEffect(() => {
    let active = true;
    loadEmojis()
      .then((loaded) => active && setGroups(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, []);

  const labels = useMemo(() => {
    const map = new Map<string, string>();
    for (const group of groups ?? []) for (const entry of group.entries) map.set(entry.unicode, entry.label);
    return map;
  }, [groups]);

  const results: EmojiEntry[] | null = groups && query.trim() ? searchEmojis(groups, query) : null;
  const customResults = query.trim() ? searchCustomEmojis(custom, query) : [];

  const pick = (emoji: PickedEmoji) => {
    if (!emoji.custom) rememberEmoji(emoji.unicode);
    onPick(emoji);
  };

  const jumpTo = (key: string) => {
    grid.current?.querySelector(`[data-group="${key}"]`)?.scrollIntoView({ block: "start" });
  };

  return (
    <div className="emoji-picker">
      <input
        className="field__input emoji-picker__search"
        type="search"
        aria-label={t("emojiPicker.search")}
        placeholder={t("emojiPicker.search")}
        value={query}
        data-autofocus
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          const first = results?.[0];
          const firstCustom = customResults[0];
          if (event.key === "Enter" && firstCustom) {
            event.preventDefault();
            pick({ unicode: customEmojiMarkup(firstCustom), label: firstCustom.name, custom: firstCustom });
          } else if (event.key === "Enter" && first) {
            event.preventDefault();
            pick({ unicode: first.unicode, label: first.label });
          }
        }}
      />
      {groups && !results && (
        <div className="emoji-picker__tabs" role="toolbar" aria-label={t("emojiPicker.title")}>
          {custom.map((group) => (
            <button
              key={`custom-${group.id}`}
              type="button"
              className="emoji-picker__tab"
              title={group.name}
              aria-label={group.name}
              onClick={() => jumpTo(`custom-${group.id}`)}
            >
              <img className="emoji-picker__custom" src={customEmojiUrl(group.emojis[0]!.id)} alt="" />
            </button>
          ))}
          {groups.map((group) => (
            <button
              key={group.key}
              type="button"
              className="emoji-picker__tab"
              title={t(`emojiPicker.groups.${group.key}` as "emojiPicker.groups.flags")}
              aria-label={t(`emojiPicker.groups.${group.key}` as "emojiPicker.groups.flags")}
              onClick={() => jumpTo(group.key)}
            >
              {group.entries[0] && <Emoji emoji={group.entries[0].unicode} />}
            </button>
          ))}
        </div>
      )}
      <div className="emoji-picker__grid" ref={grid}>
        {failed && <p className="emoji-picker__status">{t("emojiPicker.failed")}</p>}
        {!groups && !failed && (
          <p className="emoji-picker__status" role="status">
            <span className="spinner" aria-hidden="true" /> {t("emojiPicker.loading")}
          </p>
        )}
        {results && results.length === 0 && customResults.length === 0 && (
          <p className="emoji-picker__status">{t("emojiPicker.noResults", { query })}</p>
        )}
        {results && (
          <div className="emoji-picker__group">
            {customResults.map((emoji) => (
              <CustomEmojiButton key={`custom-${emoji.id}`} emoji={emoji} onPick={pick} />
            ))}
            {results.map((entry) => (
              <EmojiButton key={entry.unicode} emoji={entry.unicode} label={entry.label} onPick={pick} />
            ))}
          </div>
        )}
        {!results && (
          <>
            <h3 className="emoji-picker__heading">{t("emojiPicker.recent")}</h3>
            <div className="emoji-picker__group">
              {recentEmojis().map((emoji) => (
                <EmojiButton key={emoji} emoji={emoji} label={labels.get(emoji) ?? emoji} onPick={pick} />
              ))}
            </div>
            {custom.map((group) => (
              <section key={`custom-${group.id}`} data-group={`custom-${group.id}`} aria-label={group.name}>
                <h3 className="emoji-picker__heading">{group.name}</h3>
                <div className="emoji-picker__group">
                  {group.emojis.map((emoji) => (
                    <CustomEmojiButton key={emoji.id} emoji={emoji} onPick={pick} />
                  ))}
                </div>
              </section>
            ))}
            {groups?.map((group) => (
              <section key={group.key} data-group={group.key}>
                <h3 className="emoji-picker__heading">{t(`emojiPicker.groups.${group.key}` as "emojiPicker.groups.flags")}</h3>
                <div className="emoji-picker__group">
                  {group.entries.map((entry) => (
                    <EmojiButton key={entry.unicode} emoji={entry.unicode} label={entry.label} onPick={pick} />
                  ))}
                </div>
              </section>
            ))}
          </>
        )}
      </div>
    </div>
  );
}

/** Opens the emoji picker next to an element; it closes after a pick. */
export function openEmojiPicker(anchor: HTMLElement, onPick: (emoji: PickedEmoji) => void): void {
  openPopover({
    anchor: anchor.getBoundingClientRect(),
    label: t("emojiPicker.title"),
    placement: "above",
    render: (close) => (
      <EmojiPicker
        onPick={(emoji) => {
          close();
          onPick(emoji);
        }}
      />
    ),
  });
}
