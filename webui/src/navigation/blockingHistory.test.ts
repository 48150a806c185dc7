import { UNSAFE_createMemoryHistory } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { blockingHistory, blockNavigation } from "./blockingHistory";

let releases: (() => void)[] = [];

afterEach(() => {
  releases.forEach((release) => release());
  releases = [];
});

/** A history at /form after /home, heard by a listener, with a blocker answering `answers` in turn. */
function setUp(answers: boolean[]) {
  const history = blockingHistory(UNSAFE_createMemoryHistory({ initialEntries: ["/home", "/form"], initialIndex: 1, v5Compat: true }));
  const heard: string[] = [];
  history.listen(({ location }) => heard.push(location.pathname));
  const ask = vi.fn(() => Promise.resolve(answers.shift() ?? false));
  releases.push(blockNavigation({ blocks: (from, to) => from === "/form" && to !== "/form", ask }));
  return { history, heard, ask };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("blocking history", () => {
  it("goes where asked when no blocker holds the way", () => {
    const history = blockingHistory(UNSAFE_createMemoryHistory({ initialEntries: ["/form"], v5Compat: true }));
    const heard: string[] = [];
    history.listen(({ location }) => heard.push(location.pathname));
    history.push("/elsewhere");
    history.replace({ pathname: "/other" });
    expect(heard).toEqual(["/elsewhere", "/other"]);
    expect(history.location.pathname).toBe("/other");
  });

  it("stays on a push the blocker's question refuses, and goes once it agrees", async () => {
    const { history, heard, ask } = setUp([false, true]);
    history.push("/elsewhere");
    await settled();
    expect(ask).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([]);
    expect(history.location.pathname).toBe("/form");

    history.replace("/elsewhere");
    await settled();
    expect(ask).toHaveBeenCalledTimes(2);
    expect(heard).toEqual(["/elsewhere"]);
    expect(history.location.pathname).toBe("/elsewhere");
  });

  it("lets through a navigation the blocker does not hold (same page, or once released)", async () => {
    const { history, heard, ask } = setUp([]);
    history.push("/form?tab=2");
    expect(heard).toEqual(["/form"]);
    releases.pop()!();
    history.push("/elsewhere");
    await settled();
    expect(ask).not.toHaveBeenCalled();
    expect(heard).toEqual(["/form", "/elsewhere"]);
  });

  it("undoes the back button while the question is open, and goes back once it agrees", async () => {
    const { history, heard, ask } = setUp([true]);
    history.go(-1);
    expect(history.location.pathname).toBe("/form");
    expect(heard).toEqual([]);
    await settled();
    expect(ask).toHaveBeenCalledTimes(1);
    expect(history.location.pathname).toBe("/home");
    expect(heard).toEqual(["/home"]);
  });

  it("keeps the page after the back button when the answer is to stay", async () => {
    const { history, heard } = setUp([false]);
    history.go(-1);
    await settled();
    expect(history.location.pathname).toBe("/form");
    expect(heard).toEqual([]);
  });

  it("asks once while a question is open, dropping the navigations meanwhile", async () => {
    let answer: (leave: boolean) => void = () => {};
    const history = blockingHistory(UNSAFE_createMemoryHistory({ initialEntries: ["/form"], v5Compat: true }));
    const ask = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    releases.push(blockNavigation({ blocks: (from, to) => from !== to, ask }));
    history.push("/one");
    history.push("/two");
    expect(ask).toHaveBeenCalledTimes(1);
    answer(true);
    await settled();
    expect(history.location.pathname).toBe("/one");
  });
});
