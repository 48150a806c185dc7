/**
 * A virtualised, end-anchored list for chat (TanStack Virtual, `anchorTo: "end"`): it opens
 * at the newest item, follows new items only while the reader is at the end, and keeps the
 * item being read in place when older items are added above or items are trimmed.
 */
import { useVirtualizer, type VirtualItem } from "@tanstack/react-virtual";
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from "react";
import "./chatList.css";

/** Where the reader was: at the end, or an item and how far its top was above the viewport's top. */
export type ListPosition = { atEnd: true } | { atEnd: false; key: string; offset: number };

export interface ChatListHandle {
  /** Brings an item into view (centred); false when it is not in the list. */
  scrollToKey: (key: string) => boolean;
  scrollToEnd: () => void;
  isAtEnd: () => boolean;
}

interface ChatListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  estimateSize?: number;
  /** Called when the reader nears the first item (load older items). */
  onNearStart?: () => void;
  /** Called when the reader nears the last item (load newer items when the list is not at the present). */
  onNearEnd?: () => void;
  /** Called with the reading position as it changes, to restore it later. */
  onPositionChange?: (position: ListPosition) => void;
  initialPosition?: ListPosition | null;
  /** Distance from the end, in pixels, that still counts as "at the end". */
  endThreshold?: number;
  handleRef?: Ref<ChatListHandle>;
  className?: string;
  /**
   * Names the list (a channel) so that its items' measured heights and its size outlive it: when
   * a list of that name opens again it is laid out at once where it was, instead of from
   * estimates corrected row by row (each correction a layout of the page).
   */
  rememberAs?: string;
}

const NEAR_EDGE_PX = 600;

interface Remembered {
  items: VirtualItem[];
  rect: { width: number; height: number };
}
/** The last lists' measurements, newest last (a handful of channels a reader goes back and forth between). */
const remembered = new Map<string, Remembered>();
const LISTS_REMEMBERED = 20;

function remember(name: string, value: Remembered): void {
  remembered.delete(name);
  remembered.set(name, value);
  if (remembered.size > LISTS_REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

export function ChatList<T>({
  items,
  getKey,
  renderItem,
  label,
  estimateSize = 64,
  onNearStart,
  onNearEnd,
  onPositionChange,
  initialPosition,
  endThreshold = 80,
  handleRef,
  className,
  rememberAs,
}: ChatListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onNearStart, onNearEnd, onPositionChange });
  callbacks.current = { onNearStart, onNearEnd, onPositionChange };
  const [known] = useState(() => (rememberAs ? remembered.get(rememberAs) : undefined));

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index]!),
    anchorTo: "end",
    // Following new items is this list's own doing (the layout effect below), from `atEnd`, which
    // a jump clears at once. The virtualiser's own follow judges "at the end" from the last scroll
    // event, so a page that lands between a jump and that event pulled the reader back to the end.
    followOnAppend: false,
    scrollEndThreshold: endThreshold,
    // Rows drawn beyond the viewport: each is built and laid out whenever a channel opens.
    overscan: 3,
    initialMeasurementsCache: known?.items,
    initialRect: known?.rect,
    // Opening at the newest item: the first render draws the end's rows, not the first ones.
    initialOffset: () => (initialPosition && !initialPosition.atEnd ? 0 : endOffset(items, getKey, known, estimateSize)),
  });

  useLayoutEffect(
    () => () => {
      if (rememberAs && virtualizer.scrollRect) remember(rememberAs, { items: virtualizer.takeSnapshot(), rect: virtualizer.scrollRect });
    },
    [rememberAs, virtualizer],
  );

  useImperativeHandle(
    handleRef,
    () => ({
      scrollToKey: (key) => {
        const index = items.findIndex((item) => getKey(item) === key);
        if (index === -1) return false;
        atEnd.current = false;
        virtualizer.scrollToIndex(index, { align: "center" });
        return true;
      },
      scrollToEnd: () => {
        atEnd.current = true;
        virtualizer.scrollToEnd();
      },
      isAtEnd: () => virtualizer.isAtEnd(endThreshold),
    }),
    [items, getKey, virtualizer, endThreshold],
  );

  // Open where the reader left off, or at the newest item.
  const restored = useRef(false);
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    if (restored.current || items.length === 0) return;
    restored.current = true;
    const index = initialPosition && !initialPosition.atEnd ? items.findIndex((item) => getKey(item) === initialPosition.key) : -1;
    if (index === -1) {
      virtualizer.scrollToEnd();
    } else {
      atEnd.current = false;
      virtualizer.scrollToIndex(index, { align: "start" });
    }
  }, [items, getKey, initialPosition, virtualizer]);

  // While the reader is at the end, any change (a new message, a taller one) keeps them there.
  useLayoutEffect(() => {
    if (restored.current && atEnd.current && items.length) virtualizer.scrollToEnd();
  }, [items, virtualizer]);

  // So does the list getting shorter (a bar appears above it, the composer grows), and its content
  // growing once new rows are measured: the browser keeps the top in place and would hide the
  // newest messages under the fold.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (restored.current && atEnd.current) virtualizer.scrollToEnd();
    });
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [virtualizer]);

  const virtualItems = virtualizer.getVirtualItems();
  const firstIndex = virtualItems[0]?.index;
  const lastIndex = virtualItems[virtualItems.length - 1]?.index;

  // Ask for more near either edge (also when the content is too short to scroll).
  useEffect(() => {
    if (!restored.current || firstIndex === undefined || lastIndex === undefined) return;
    const element = scrollRef.current;
    if (!element) return;
    if (element.scrollTop < NEAR_EDGE_PX) callbacks.current.onNearStart?.();
    if (element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_EDGE_PX) callbacks.current.onNearEnd?.();
  }, [firstIndex, lastIndex, items.length]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    if (element.scrollTop < NEAR_EDGE_PX) callbacks.current.onNearStart?.();
    if (element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_EDGE_PX) callbacks.current.onNearEnd?.();
    atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= endThreshold;
    const report = callbacks.current.onPositionChange;
    if (!report) return;
    if (atEnd.current) {
      report({ atEnd: true });
      return;
    }
    const top = element.scrollTop;
    const reading = virtualizer.getVirtualItems().find((item) => item.end > top);
    if (reading) report({ atEnd: false, key: String(reading.key), offset: top - reading.start });
  };

  return (
    // Focusable, so the keyboard can scroll it when its rows hold nothing focusable (a thread's
    // starter alone in a narrow panel); axe's scrollable-region-focusable.
    <div ref={scrollRef} className={["chat-list", className].filter(Boolean).join(" ")} role="log" aria-label={label} tabIndex={0} onScroll={onScroll}>
      <div className="chat-list__spacer" style={{ height: virtualizer.getTotalSize() }}>
        <div className="chat-list__window" style={{ transform: `translateY(${virtualItems[0]?.start ?? 0}px)` }}>
          {virtualItems.map((virtualItem) => (
            <div key={virtualItem.key} data-index={virtualItem.index} ref={virtualizer.measureElement}>
              {renderItem(items[virtualItem.index]!, virtualItem.index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Where the list's end starts, with the heights remembered where there are some: the offset that shows the last items. */
function endOffset<T>(items: readonly T[], getKey: (item: T) => string, known: Remembered | undefined, estimateSize: number): number {
  const sizes = new Map(known?.items.map((item) => [item.key, item.size]));
  const total = items.reduce((sum, item) => sum + (sizes.get(getKey(item)) ?? estimateSize), 0);
  return Math.max(0, total - (known?.rect.height ?? 0));
}
