import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { menuPointUnder, useContextMenu } from "./useContextMenu";

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

function Rich({ onToggle, build }: { onToggle: () => void; build: () => void }) {
  const { triggerProps, menu } = useContextMenu(
    () => {
      build();
      return [
        { label: "Roles", submenu: () => [{ label: "Moderator", checked: false, onSelect: onToggle }] },
        { label: "Kick", onSelect: () => undefined },
      ];
    },
    { header: (close) => <button type="button" role="menuitem" onClick={close}>👍</button> },
  );
  return (
    <div {...triggerProps}>
      <button type="button">Member</button>
      {menu}
    </div>
  );
}

describe("context menu entries", () => {
  it("builds lazily, opens a submenu with a way back, and toggles a tick without closing", () => {
    const onToggle = vi.fn();
    const build = vi.fn();
    render(<Rich onToggle={onToggle} build={build} />);
    expect(build).not.toHaveBeenCalled();

    screen.getByText("Member").focus();
    press("ContextMenu");
    expect(focused()).toBe("👍");
    expect(screen.getByRole("menuitem", { name: "Roles" }).getAttribute("aria-haspopup")).toBe("menu");

    fireEvent.click(screen.getByRole("menuitem", { name: "Roles" }));
    const role = screen.getByRole("menuitemcheckbox", { name: "Moderator" });
    expect(document.activeElement).toBe(role);
    expect(role.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(role);
    act(() => void vi.runAllTimers());
    expect(onToggle).toHaveBeenCalledOnce();
    expect(screen.getByRole("menuitemcheckbox", { name: "Moderator" }).getAttribute("aria-checked")).toBe("true");

    fireEvent.click(screen.getByRole("menuitem", { name: "Back" }));
    expect(screen.getByRole("menuitem", { name: "Kick" })).toBeTruthy();
  });

  it("passes Shift to the chosen entry", () => {
    const onSelect = vi.fn();
    function Shifty() {
      const { triggerProps, menu } = useContextMenu([{ label: "Delete", onSelect }]);
      return (
        <div {...triggerProps}>
          <button type="button">Message</button>
          {menu}
        </div>
      );
    }
    render(<Shifty />);
    fireEvent.contextMenu(screen.getByText("Message"), { clientX: 5, clientY: 5 });
    fireEvent.click(screen.getByRole("menuitem", { name: "Delete" }), { shiftKey: true });
    expect(onSelect).toHaveBeenCalledWith({ shiftKey: true });
  });
});

describe("right to left", () => {
  afterEach(() => {
    document.documentElement.dir = "ltr";
  });

  it("starts a menu under an element at its right edge", () => {
    document.documentElement.dir = "rtl";
    const element = document.createElement("button");
    element.getBoundingClientRect = () => ({ left: 10, right: 90, top: 0, bottom: 20, width: 80, height: 20, x: 10, y: 0, toJSON: () => ({}) });
    expect(menuPointUnder(element, 4)).toEqual({ x: 90, y: 24 });
    document.documentElement.dir = "ltr";
    expect(menuPointUnder(element)).toEqual({ x: 10, y: 20 });
  });
});

describe("a field inside the trigger", () => {
  it("keeps the menu keys for itself (a message being edited)", () => {
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
});
