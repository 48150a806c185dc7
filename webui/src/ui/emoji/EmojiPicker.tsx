import { useEffect, useMemo, useRef, useState } from "react";
import { t } from "../../i18n/i18n";
import { openPopover } from "../popover/popoverStore";
import { loadEmojis, recentEmojis, rememberEmoji, searchEmojis, type EmojiEntry, type EmojiGroup } from "./emojiData";
import "./emojiPicker.css";

export interface PickedEmoji {
  unicode: string;
  label: string;
}

interface EmojiPickerProps {
  onPick: (emoji: PickedEmoji) => void;
}

function EmojiButton({ emoji, label, onPick }: { emoji: string; label: string; onPick: (emoji: PickedEmoji) => void }) {
  return (
    <button type="button" className="emoji-picker__emoji" aria-label={label} title={label} onClick={() => onPick({ unicode: emoji, label })}>
      {emoji}
    </button>
  );
}

/** A searchable grid of Unicode emoji, with the recently used ones first. */
export function EmojiPicker({ onPick }: EmojiPickerProps) {
  const [groups, setGroups] = useState<EmojiGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const grid = useRef<HTMLDivElement>(null);

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

  const pick = (emoji: PickedEmoji) => {
    rememberEmoji(emoji.unicode);
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
          if (event.key === "Enter" && first) {
            event.preventDefault();
            pick({ unicode: first.unicode, label: first.label });
          }
        }}
      />
      {groups && !results && (
        <div className="emoji-picker__tabs" role="toolbar" aria-label={t("emojiPicker.title")}>
          {groups.map((group) => (
            <button
              key={group.key}
              type="button"
              className="emoji-picker__tab"
              title={t(`emojiPicker.groups.${group.key}` as "emojiPicker.groups.flags")}
              aria-label={t(`emojiPicker.groups.${group.key}` as "emojiPicker.groups.flags")}
              onClick={() => jumpTo(group.key)}
            >
              {group.entries[0]?.unicode}
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
        {results && results.length === 0 && <p className="emoji-picker__status">{t("emojiPicker.noResults", { query })}</p>}
        {results && (
          <div className="emoji-picker__group">
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
