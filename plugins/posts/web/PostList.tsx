import { useVirtualizer } from "@tanstack/react-virtual";
import { Button } from "@hearth/ui/Button";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { t } from "./i18n";
import { loadMore, useList } from "./postStore";
import { PostItem } from "./PostItem";

const LOAD_AHEAD = 5;

function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return null;
}

interface PostListProps {
  listKey: string;
  label: string;
  empty: string;
  /** Posts shown above the list's own (announcements, pinned posts). */
  header?: ReactNode;
}

/**
 * A virtualised list of posts that loads older pages as the reader nears its end (TanStack
 * Virtual, as the chat uses). It scrolls with the page it sits in: its offset in that scroller
 * is the virtualiser's scroll margin.
 */
export function PostList({ listKey, label, empty, header }: PostListProps) {
  const list = useList(listKey);
  const box = useRef<HTMLDivElement>(null); // where the virtual rows start
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);

  useLayoutEffect(() => {
    const parent = scrollParent(box.current);
    setScroller(parent);
    if (!parent || !box.current) return;
    const measure = () => {
      if (box.current) {
        setMargin(box.current.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop);
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(parent.firstElementChild ?? parent);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!list.ids.length && !list.done && !list.error) void loadMore(listKey);
  }, [listKey, list.ids.length, list.done, list.error]);

  const virtualizer = useVirtualizer({
    count: list.ids.length,
    getScrollElement: () => scroller,
    estimateSize: () => 160,
    overscan: 4,
    scrollMargin: margin,
    getItemKey: (index) => list.ids[index]!,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (list.ids.length && last >= list.ids.length - LOAD_AHEAD && !list.loading && !list.done && !list.error) {
      void loadMore(listKey);
    }
  }, [last, list.ids.length, list.loading, list.done, list.error, listKey]);

  return (
    <section className="post-list" aria-label={label} data-testid="post-list">
      {header}
      <div ref={box} className="post-list__items" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {items.map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="post-list__row"
            style={{ position: "absolute", top: 0, left: 0, width: "100%", transform: `translateY(${item.start - margin}px)` }}
          >
            <PostItem postId={list.ids[item.index]!} />
          </div>
        ))}
      </div>
      {list.loading && <PaneLoading label={t("list.loading")} />}
      {list.error && (
        <div className="post-list__error">
          <p className="form-error" role="alert">{list.error}</p>
          <Button onClick={() => void loadMore(listKey)}>{t("list.retry")}</Button>
        </div>
      )}
      {list.done && !list.ids.length && <p className="muted post-list__empty">{empty}</p>}
    </section>
  );
}
