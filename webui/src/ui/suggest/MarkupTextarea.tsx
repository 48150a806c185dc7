/**
 * A textarea whose value is message markup and whose mentions show as chips (`markupText.ts`),
 * with the autocomplete lists of its providers above it (`useSuggestions`). The chips are tints
 * drawn in a layer over the textarea, on the same characters (its text metrics are copied from
 * the textarea), so the text, the caret, the selection and what a screen reader reads are the
 * textarea's own ("@Ada", not "[@:123]"), and the layer takes no clicks.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ChangeEvent, type KeyboardEvent, type ReactNode, type RefObject, type TextareaHTMLAttributes } from "react";
import { applyDisplayEdit, replaceDisplayRange, toDisplay, type DisplayText, type LabelOf } from "./markupText";
import { SuggestionList } from "./SuggestionList";
import { suggestionBoxProps, useSuggestions, type SuggestionProvider, type SuggestionsState } from "./useSuggestions";

export interface MarkupTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "onKeyDown"> {
  /** The markup. */
  value: string;
  onValueChange: (value: string) => void;
  labelOf: LabelOf;
  providers: readonly SuggestionProvider[];
  /** The id of the suggestion list (its options are `<id>-<n>`). */
  listId: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Keys the open list did not use. */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** Receives the list's state, e.g. to close it when the draft is sent. */
  suggestionsRef?: RefObject<SuggestionsState | null>;
}

export function MarkupTextarea({
  value,
  onValueChange,
  labelOf,
  providers,
  listId,
  textareaRef,
  onKeyDown,
  suggestionsRef,
  onScroll,
  ...rest
}: MarkupTextareaProps) {
  const text = useMemo(() => toDisplay(value, labelOf), [value, labelOf]);
  // What the textarea holds now: the user's next change is read against it.
  const shown = useRef<DisplayText>(text);
  shown.current = text;
  const caretAfterRender = useRef<number | null>(null);
  const layer = useRef<HTMLDivElement>(null);
  // The last value this box gave out: any other value came from outside (a send, an edit started).
  const emitted = useRef(value);

  const emit = useCallback(
    (markup: string) => {
      emitted.current = markup;
      onValueChange(markup);
    },
    [onValueChange],
  );

  const place = useCallback(
    (markup: string, caret: number) => {
      caretAfterRender.current = caret;
      emit(markup);
    },
    [emit],
  );

  const suggestions = useSuggestions(providers, (start, end, insert) => {
    const edited = replaceDisplayRange(shown.current, start, end, `${insert} `, labelOf);
    place(edited.markup, edited.caret);
    textareaRef.current?.focus();
  });
  if (suggestionsRef) suggestionsRef.current = suggestions;
  const { close } = suggestions;
  useEffect(() => {
    if (value !== emitted.current) close();
    emitted.current = value;
  }, [value, close]);

  useLayoutEffect(() => {
    const element = textareaRef.current;
    const caret = caretAfterRender.current;
    if (element && caret !== null && document.activeElement === element) element.setSelectionRange(caret, caret);
    caretAfterRender.current = null;
  });

  // The layer wraps its lines as the textarea does: same font, padding, borders and scrollbar room.
  useLayoutEffect(() => {
    const element = textareaRef.current;
    const overlay = layer.current;
    if (!element || !overlay) return;
    const mirror = () => mirrorTextMetrics(element, overlay);
    // The observer's first call comes after the frame's layout and before its paint: reading the
    // styles here instead would force a style and layout pass in the commit that opens a channel.
    if (typeof ResizeObserver === "undefined") return mirror();
    const observer = new ResizeObserver(mirror);
    observer.observe(element);
    return () => observer.disconnect();
  }, [textareaRef]);

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const after = event.target.value;
    const caret = event.target.selectionStart ?? after.length;
    const edited = applyDisplayEdit(shown.current, after, caret);
    const next = toDisplay(edited.markup, labelOf);
    if (next.display !== after) caretAfterRender.current = edited.caret;
    emit(edited.markup);
    suggestions.update(next.masked, edited.caret);
  };

  return (
    <div className="markup-textarea">
      <SuggestionList state={suggestions} id={listId} />
      <textarea
        {...rest}
        {...suggestionBoxProps(suggestions, listId)}
        ref={textareaRef}
        value={text.display}
        onChange={onChange}
        onKeyDown={(event) => {
          if (suggestions.onKeyDown(event)) return;
          onKeyDown?.(event);
        }}
        onScroll={(event) => {
          if (layer.current) layer.current.scrollTop = event.currentTarget.scrollTop;
          onScroll?.(event);
        }}
      />
      <div ref={layer} className="markup-textarea__chips" aria-hidden="true">
        {chips(text)}
      </div>
    </div>
  );
}

const MIRRORED = [
  "fontFamily",
  "fontSize",
  "fontWeight",
  "fontStyle",
  "fontVariant",
  "fontStretch",
  "lineHeight",
  "letterSpacing",
  "wordSpacing",
  "textIndent",
  "textTransform",
  "textAlign",
  "direction",
  "tabSize",
  "boxSizing",
  "paddingTop",
  "paddingBottom",
  "paddingLeft",
  "paddingRight",
  "borderTopWidth",
  "borderBottomWidth",
  "borderLeftWidth",
  "borderRightWidth",
] as const;

function mirrorTextMetrics(element: HTMLTextAreaElement, overlay: HTMLElement): void {
  const style = getComputedStyle(element);
  for (const property of MIRRORED) overlay.style[property] = style[property];
  // A scrollbar narrows the textarea's lines (on the left in right-to-left text): as much room here.
  const borders = parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth);
  const scrollbar = element.offsetWidth - element.clientWidth - borders;
  if (scrollbar > 0) {
    const side = style.direction === "rtl" ? "paddingLeft" : "paddingRight";
    overlay.style[side] = `${parseFloat(style[side]) + scrollbar}px`;
  }
}

function chips(text: DisplayText): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const atom of text.atoms) {
    out.push(text.display.slice(at, atom.start));
    out.push(
      <mark key={atom.start} className={`markup-textarea__chip markup-textarea__chip--${atom.kind}`}>
        {text.display.slice(atom.start, atom.end)}
      </mark>,
    );
    at = atom.end;
  }
  // A final line break still makes a line in a textarea; a space gives the layer the same one.
  out.push(text.display.slice(at) + (text.display.endsWith("\n") ? " " : ""));
  return out;
}
