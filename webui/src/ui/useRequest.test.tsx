import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useRequest } from "./useRequest";

/** A request whose answer the test gives when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe("useRequest", () => {
  it("loads, then gives the answer", async () => {
    const { result } = renderHook(() => useRequest(async () => ["ban"], []));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual(["ban"]);
    expect(result.current.error).toBeNull();
  });

  it("gives the error's text, and a reload that succeeds clears it", async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useRequest(
        async () => {
          if (fail) throw { message: "Missing permission." };
          return 3;
        },
        [],
        (failure) => `Failed: ${(failure as { message: string }).message}`,
      ),
    );
    await waitFor(() => expect(result.current.error).toBe("Failed: Missing permission."));
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe(3));
    expect(result.current.error).toBeNull();
  });

  it("drops the answer for inputs that have changed, and forgets the old answer", async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ id }) => useRequest(() => answers[id]!.promise, [id]), { initialProps: { id: "a" } });
    rerender({ id: "b" });
    await act(async () => answers.b!.resolve("server b"));
    await act(async () => answers.a!.resolve("server a"));
    expect(result.current.data).toBe("server b");
    expect(result.current.loading).toBe(false);
  });

  it("lets the screen edit the answer in place", async () => {
    const { result } = renderHook(() => useRequest(async () => ["a", "b"], []));
    await waitFor(() => expect(result.current.data).toEqual(["a", "b"]));
    act(() => result.current.setData((rows) => rows?.filter((row) => row !== "a")));
    expect(result.current.data).toEqual(["b"]);
  });
});
