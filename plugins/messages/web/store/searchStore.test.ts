import { registerTranslations } from "@hearth/i18n/i18n";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import {
  closeSearch,
  loadOlderResults,
  openSearch,
  searchMessageDeleted,
  searchNow,
  SEARCH_DEBOUNCE_MS,
  SEARCH_PAGE_SIZE,
  setSearchQuery,
  toggleSearch,
  useSearchStore,
} from "./searchStore";
import { page } from "./testUtils";

const api = vi.hoisted(() => ({ searchMessages: vi.fn() }));
vi.mock("../searchApi", () => api);

registerTranslations("en-gb", "messages", enGb);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  api.searchMessages.mockReset();
  closeSearch();
  openSearch("c1");
});

afterEach(() => {
  vi.useRealTimers();
});

describe("typing in the box", () => {
  it("searches once after a pause, newest match first", async () => {
    api.searchMessages.mockResolvedValue(page(1, 3));
    setSearchQuery("a");
    setSearchQuery("ap");
    setSearchQuery("apple");
    expect(useSearchStore.getState().loading).toBe(true);
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(api.searchMessages).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(api.searchMessages).toHaveBeenCalledTimes(1);
    expect(api.searchMessages).toHaveBeenCalledWith("c1", { query: "apple", limit: SEARCH_PAGE_SIZE });
    vi.useRealTimers();
    await flush();
    const state = useSearchStore.getState();
    expect(state.results.map((m) => m.id)).toEqual(["3", "2", "1"]);
    expect(state.searched).toBe("apple");
    expect(state.loading).toBe(false);
    expect(state.hasMore).toBe(false);
  });

  it("clears the results when the box is emptied, and searches nothing", () => {
    useSearchStore.setState({ results: page(1, 2), searched: "x" });
    setSearchQuery("   ");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(api.searchMessages).not.toHaveBeenCalled();
    expect(useSearchStore.getState()).toMatchObject({ results: [], searched: "", loading: false });
  });

  it("drops a reply to a query that has since changed", async () => {
    const first = deferred<ReturnType<typeof page>>();
    api.searchMessages.mockReturnValueOnce(first.promise).mockResolvedValueOnce(page(10, 1));
    setSearchQuery("old");
    searchNow();
    setSearchQuery("new");
    searchNow();
    vi.useRealTimers();
    await flush();
    first.resolve(page(1, 5));
    await flush();
    expect(useSearchStore.getState().results.map((m) => m.id)).toEqual(["10"]);
    expect(useSearchStore.getState().searched).toBe("new");
  });

  it("shows the server's error", async () => {
    api.searchMessages.mockRejectedValue({ message: "Invalid order." });
    setSearchQuery("x");
    searchNow();
    vi.useRealTimers();
    await flush();
    expect(useSearchStore.getState()).toMatchObject({ error: "Invalid order.", loading: false });
  });
});

describe("older results", () => {
  it("asks for matches before the oldest one shown and appends them", async () => {
    api.searchMessages.mockResolvedValueOnce(page(100, SEARCH_PAGE_SIZE)).mockResolvedValueOnce(page(50, 2));
    setSearchQuery("m");
    searchNow();
    vi.useRealTimers();
    await flush();
    expect(useSearchStore.getState().hasMore).toBe(true);
    loadOlderResults();
    loadOlderResults(); // ignored while loading
    await flush();
    expect(api.searchMessages).toHaveBeenCalledTimes(2);
    expect(api.searchMessages).toHaveBeenLastCalledWith("c1", { query: "m", limit: SEARCH_PAGE_SIZE, before: "100" });
    const ids = useSearchStore.getState().results.map((m) => m.id);
    expect(ids.slice(-2)).toEqual(["51", "50"]);
    expect(ids).toHaveLength(SEARCH_PAGE_SIZE + 2);
    expect(useSearchStore.getState().hasMore).toBe(false);
  });
});

describe("opening and closing", () => {
  it("toggles per channel and forgets everything on close", () => {
    useSearchStore.setState({ query: "x", results: page(1, 1) });
    toggleSearch("c1");
    expect(useSearchStore.getState()).toMatchObject({ channelId: null, query: "", results: [] });
    toggleSearch("c2");
    expect(useSearchStore.getState().channelId).toBe("c2");
  });

  it("a pending search does not run after the panel closed", () => {
    setSearchQuery("apple");
    closeSearch();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(api.searchMessages).not.toHaveBeenCalled();
  });
});

describe("live changes", () => {
  it("a deleted message leaves the results of its channel only", () => {
    useSearchStore.setState({ results: page(1, 3) });
    searchMessageDeleted("other", "2");
    expect(useSearchStore.getState().results).toHaveLength(3);
    searchMessageDeleted("c1", "2");
    expect(useSearchStore.getState().results.map((m) => m.id)).toEqual(["1", "3"]);
  });
});
