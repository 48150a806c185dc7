import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useContextMenu } from "./useContextMenu";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ onCopy = () => undefined }: { onCopy?: () => void }) {
  const { triggerProps, menu } = useContextMenu([
    { label: "Reply", onSelect: () => undefined },
    { label: "Copy", onSelect: onCopy },
    { label: "Delete", onSelect: () => undefined, danger: true },
  ]);
  return (
    <div {...triggerProps}>
      <button type="button">Message</button>
      {menu}
    </div>
  );
}

const focused = () => (document.activeElement as HTMLElement).textContent;
const press = (key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(document.activeElement!, { key, ...init });

describe("context menu from the keyboard", () => {
  it("opens with the Menu key on the focused element and moves with the arrows, Home and End", () => {
    render(<Harness />);
    screen.getByText("Message").focus();
    press("ContextMenu");

    expect(screen.getByRole("menu")).toBeTruthy();
    expect(focused()).toBe("Reply");
    press("ArrowDown");
    expect(focused()).toBe("Copy");
    press("End");
    expect(focused()).toBe("Delete");
    press("ArrowDown");
    expect(focused()).toBe("Reply");
    press("ArrowUp");
    expect(focused()).toBe("Delete");
    press("Home");
    expect(focused()).toBe("Reply");
  });

  it("opens with Shift+F10, and Escape gives the focus back to the trigger", () => {
    render(<Harness />);
    const trigger = screen.getByText("Message");
    trigger.focus();
    press("F10");
    expect(screen.queryByRole("menu")).toBeNull();
    press("F10", { shiftKey: true });
    expect(screen.getByRole("menu")).toBeTruthy();

    press("Escape");
    act(() => void vi.runAllTimers());
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("runs the chosen entry, closes and gives the focus back", () => {
    const onCopy = vi.fn();
    render(<Harness onCopy={onCopy} />);
    const trigger = screen.getByText("Message");
    trigger.focus();
    press("ContextMenu");
    press("ArrowDown");
    fireEvent.click(document.activeElement!);
    act(() => void vi.runAllTimers());

    expect(onCopy).toHaveBeenCalledOnce();
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("opens at the pointer on a right click", () => {
    render(<Harness />);
    fireEvent.contextMenu(screen.getByText("Message"), { clientX: 120, clientY: 60 });
    const menu = screen.getByRole("menu");
    expect(menu.style.left).toBe("120px");
    expect(menu.style.top).toBe("60px");
  });
});
