/**
 * The search panel of the channel on screen (rest.md §3.2): the query typed (searched after a
 * pause), the matches newest first, older pages on demand. A reply that arrives after the query
 * changed is dropped, so results always belong to what is in the box.
 */
import { describeError } from "@hearth/api/requestErrors";
import { create } from "zustand";
import { searchMessages } from "../searchApi";
import type { Message } from "../types";

export const SEARCH_PAGE_SIZE = 30;
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchState {
  /** The channel whose panel is open, or null when closed. */
  channelId: string | null;
  query: string;
  /** Newest first. */
  results: Message[];
  /** The query the results belong to ("" = nothing searched yet). */
  searched: string;
  loading: boolean;
  hasMore: boolean;
  error: string | null;
}

const CLOSED: SearchState = { channelId: null, query: "", results: [], searched: "", loading: false, hasMore: false, error: null };

export const useSearchStore = create<SearchState>()(() => ({ ...CLOSED }));

let timer: ReturnType<typeof setTimeout> | null = null;
let generation = 0;

function cancelPending(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  generation += 1;
}

export function openSearch(channelId: string): void {
  if (useSearchStore.getState().channelId === channelId) return;
  cancelPending();
  useSearchStore.setState({ ...CLOSED, channelId });
}

export function closeSearch(): void {
  cancelPending();
  useSearchStore.setState({ ...CLOSED });
}

export function toggleSearch(channelId: string): void {
  if (useSearchStore.getState().channelId === channelId) closeSearch();
  else openSearch(channelId);
}

/** The box changed: search after a pause; an empty box clears the results. */
export function setSearchQuery(query: string, delay = SEARCH_DEBOUNCE_MS): void {
  cancelPending();
  const trimmed = query.trim();
  if (!trimmed) {
    useSearchStore.setState({ query, results: [], searched: "", loading: false, hasMore: false, error: null });
    return;
  }
  useSearchStore.setState({ query, loading: true, error: null });
  const mine = generation;
  timer = setTimeout(() => {
    timer = null;
    void fetchPage(trimmed, undefined, mine);
  }, delay);
}

/** Runs the search at once (Enter in the box). */
export function searchNow(): void {
  const trimmed = useSearchStore.getState().query.trim();
  if (!trimmed) return;
  cancelPending();
  useSearchStore.setState({ loading: true, error: null });
  void fetchPage(trimmed, undefined, generation);
}

/** The next page of older matches (the list was scrolled to its end). */
export function loadOlderResults(): void {
  const { results, loading, hasMore, searched } = useSearchStore.getState();
  if (loading || !hasMore || !searched) return;
  useSearchStore.setState({ loading: true, error: null });
  void fetchPage(searched, results.at(-1)?.id, generation);
}

async function fetchPage(query: string, before: string | undefined, mine: number): Promise<void> {
  const channelId = useSearchStore.getState().channelId;
  if (!channelId) return;
  try {
    const page = await searchMessages(channelId, { query, limit: SEARCH_PAGE_SIZE, ...(before ? { before } : {}) });
    if (mine !== generation) return;
    const newestFirst = [...page].reverse();
    useSearchStore.setState(({ results }) => ({
      results: before ? [...results, ...newestFirst] : newestFirst,
      searched: query,
      loading: false,
      hasMore: page.length >= SEARCH_PAGE_SIZE,
    }));
  } catch (failure) {
    if (mine !== generation) return;
    useSearchStore.setState({ loading: false, error: describeError(failure) });
  }
}

/** A message of the channel was deleted: drop it from the matches. */
export function searchMessageDeleted(channelId: string, messageId: string): void {
  const state = useSearchStore.getState();
  if (state.channelId !== channelId) return;
  useSearchStore.setState({ results: state.results.filter((message) => message.id !== messageId) });
}
