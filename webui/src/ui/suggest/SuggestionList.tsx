/** The open list of `useSuggestions`, drawn just above where it is placed (before the text box). */
import { useEffect, useRef } from "react";
import { safeColour } from "../safeStyle";
import type { SuggestionsState } from "./useSuggestions";
import "./suggestions.css";

export function SuggestionList({ state, id, className }: { state: SuggestionsState; id: string; className?: string }) {
  const { list } = state;
  const active = useRef<HTMLLIElement>(null);
  // The active option stays in view when the arrows move it; only the list scrolls, nothing around it.
  useEffect(() => {
    const item = active.current;
    const box = item?.parentElement;
    if (!item || !box) return;
    if (item.offsetTop < box.scrollTop) box.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = item.offsetTop + item.offsetHeight - box.clientHeight;
  }, [list?.index]);
  if (!list) return null;
  return (
    <div className="suggestions-anchor">
      <ul
        className={["suggestions", className].filter(Boolean).join(" ")}
        role="listbox"
        id={id}
        aria-label={list.provider.label()}
        data-testid="suggestions"
      >
        {list.items.map((item, index) => (
          <li
            key={item.key}
            ref={index === list.index ? active : undefined}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === list.index}
            className={[
              "suggestions__item",
              index === list.index && "suggestions__item--active",
              item.variant && `suggestions__item--${item.variant}`,
            ]
              .filter(Boolean)
              .join(" ")}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => state.setIndex(index)}
            onClick={() => state.pick(index)}
          >
            {item.icon !== undefined && (
              <span className="suggestions__icon" aria-hidden="true" style={item.color ? { color: safeColour(item.color) } : undefined}>
                {item.icon}
              </span>
            )}
            <span className="suggestions__label">{item.label}</span>
            {item.detail && <span className="suggestions__detail">{item.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
