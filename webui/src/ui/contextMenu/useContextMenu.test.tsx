import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useContextMenu } from "./useContextMenu";

afterEach(cleanup);

function Row({ onSelect }: { onSelect: () => void }) {
  const { triggerProps, menu } = useContextMenu([{ label: "Mark as read", onSelect }]);
  return (
    <>
      <button type="button" {...triggerProps}>
        general
      </button>
      {menu}
    </>
  );
}

describe("useContextMenu from the keyboard", () => {
  it("opens on the ContextMenu key and on Shift+F10, focusing the first item", () => {
    render(<Row onSelect={() => undefined} />);
    const row = screen.getByRole("button", { name: "general" });

    fireEvent.keyDown(row, { key: "ContextMenu" });
    expect(screen.getByRole("menuitem", { name: "Mark as read" })).toBe(document.activeElement);

    cleanup();
    render(<Row onSelect={() => undefined} />);
    fireEvent.keyDown(screen.getByRole("button", { name: "general" }), { key: "F10", shiftKey: true });
    expect(screen.getByRole("menu")).toBeTruthy();
  });

  it("leaves the keys to a field inside the trigger", () => {
    function Article() {
      const { triggerProps, menu } = useContextMenu([{ label: "Reply", onSelect: () => undefined }]);
      return (
        <article {...triggerProps}>
          <textarea aria-label="Edit" />
          {menu}
        </article>
      );
    }
    render(<Article />);
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Edit" }), { key: "ContextMenu" });
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("ignores F10 without Shift and other keys", () => {
    render(<Row onSelect={() => undefined} />);
    const row = screen.getByRole("button", { name: "general" });
    fireEvent.keyDown(row, { key: "F10" });
    fireEvent.keyDown(row, { key: "Enter" });
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens a keyboard-made contextmenu event (no pointer position) and runs the chosen item", () => {
    vi.useFakeTimers();
    const onSelect = vi.fn();
    render(<Row onSelect={onSelect} />);
    fireEvent.contextMenu(screen.getByRole("button", { name: "general" }), { clientX: 0, clientY: 0 });
    act(() => screen.getByRole("menuitem", { name: "Mark as read" }).click());
    expect(onSelect).toHaveBeenCalledOnce();
    act(() => vi.runAllTimers());
    expect(screen.queryByRole("menu")).toBeNull();
    vi.useRealTimers();
  });
});
