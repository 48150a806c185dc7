/** A list the server pages with `after` cursors: the first page, "load more", a reload. */
import { describeError } from "@hearth/api/requestErrors";
import { useCallback, useEffect, useState } from "react";
import { PAGE_SIZE } from "./moderationApi";

export function usePaged<Row extends { id: string }>(fetchPage: (after?: string) => Promise<Row[]>) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(() => {
    let active = true;
    setRows(null);
    setError(null);
    fetchPage().then(
      (page) => {
        if (!active) return;
        setRows(page);
        setMore(page.length === PAGE_SIZE);
      },
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [fetchPage]);

  useEffect(reload, [reload]);

  const loadMore = async () => {
    const last = rows?.at(-1);
    if (!rows || !last) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(last.id);
      setRows([...rows, ...page]);
      setMore(page.length === PAGE_SIZE);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setLoadingMore(false);
    }
  };

  return { rows, more, loadingMore, error, loadMore, reload };
}
