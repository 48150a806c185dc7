import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useEffect, useLayoutEffect, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { KeptViews } from "./KeptViews";

/** What the views' effects did, in order. */
let log: string[] = [];

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  useLayoutEffect(() => {
    log.push(`${name} laid out ${document.getElementById(`view-${name}`)?.isConnected ? "in" : "out of"} the document`);
  }, [name]);
  useEffect(() => {
    log.push(`${name} set up`);
    return () => {
      log.push(`${name} cleaned up`);
    };
  }, [name]);
  return (
    <button type="button" id={`view-${name}`} onClick={() => setCount((value) => value + 1)}>
      {name} {count}
    </button>
  );
}

function Page({ shown, limit = 3 }: { shown: string; limit?: number }) {
  return (
    <main>
      <KeptViews viewKey={shown} limit={limit}>
        <Counter name={shown} />
      </KeptViews>
    </main>
  );
}

afterEach(() => {
  cleanup();
  log = [];
});

describe("KeptViews", () => {
  it("shows only the current view; the others leave the document with their state and nodes kept", () => {
    const { rerender } = render(<Page shown="a" />);
    fireEvent.click(screen.getByText("a 0"));
    const node = screen.getByText("a 1");

    rerender(<Page shown="b" />);
    expect(screen.getByText("b 0")).toBeTruthy();
    expect(screen.queryByText(/^a /)).toBeNull();
    expect(node.isConnected).toBe(false);
    expect(document.querySelectorAll("button")).toHaveLength(1);

    rerender(<Page shown="a" />);
    expect(screen.getByText("a 1")).toBe(node);
    expect(node.isConnected).toBe(true);
    expect(screen.queryByText(/^b /)).toBeNull();
  });

  it("cleans up a hidden view's effects and sets them up again when it is shown, in the document before its layout effects", () => {
    const { rerender } = render(<Page shown="a" />);
    rerender(<Page shown="b" />);
    rerender(<Page shown="a" />);
    expect(log).toEqual([
      "a laid out in the document",
      "a set up",
      "b laid out in the document",
      "a cleaned up",
      "b set up",
      "a laid out in the document",
      "b cleaned up",
      "a set up",
    ]);
  });

  it("keeps as many views as its limit, the one shown included, and forgets the one shown longest ago", () => {
    const { rerender } = render(<Page shown="a" limit={2} />);
    fireEvent.click(screen.getByText("a 0"));
    rerender(<Page shown="b" limit={2} />);
    fireEvent.click(screen.getByText("b 0"));
    rerender(<Page shown="c" limit={2} />);
    rerender(<Page shown="b" limit={2} />);
    expect(screen.getByText("b 1")).toBeTruthy();
    rerender(<Page shown="a" limit={2} />);
    expect(screen.getByText("a 0")).toBeTruthy();
  });

  it("updates the shown view with its new props, and the view shown again with the props it is given then", () => {
    function Named({ name, suffix }: { name: string; suffix: string }) {
      return (
        <p>
          {name}
          {suffix}
        </p>
      );
    }
    function Host({ shown, suffix }: { shown: string; suffix: string }) {
      return (
        <KeptViews viewKey={shown} limit={3}>
          <Named name={shown} suffix={suffix} />
        </KeptViews>
      );
    }
    const { rerender } = render(<Host shown="a" suffix="!" />);
    rerender(<Host shown="a" suffix="?" />);
    expect(screen.getByText("a?")).toBeTruthy();
    rerender(<Host shown="b" suffix="." />);
    act(() => rerender(<Host shown="a" suffix=";" />));
    expect(screen.getByText("a;")).toBeTruthy();
  });

  it("takes the views out of the document when it goes", () => {
    const { rerender, unmount } = render(<Page shown="a" />);
    rerender(<Page shown="b" />);
    const node = screen.getByText("b 0");
    unmount();
    expect(node.isConnected).toBe(false);
    expect(log.slice(-1)).toEqual(["b cleaned up"]);
  });
});
