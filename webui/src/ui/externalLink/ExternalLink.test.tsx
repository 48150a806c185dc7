import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ModalHost } from "../modal/ModalHost";
import { MODAL_ANIMATION_MS, useModalStore } from "../modal/modalStore";
import { ExternalLink } from "./ExternalLink";

const openWindow = vi.fn<typeof window.open>();

beforeEach(() => {
  useModalStore.setState({ modals: [] });
  vi.useFakeTimers();
  vi.stubGlobal("open", openWindow);
  render(
    <>
      <ExternalLink href="nerimity.com">Compatible with Nerimity clients and bots</ExternalLink>
      <ModalHost />
    </>,
  );
});

afterEach(() => {
  act(() => vi.runOnlyPendingTimers());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  openWindow.mockReset();
});

const clickLink = () => fireEvent.click(screen.getByText("Compatible with Nerimity clients and bots"));

describe("external link warning", () => {
  it("asks before leaving, showing the full https URL", () => {
    clickLink();
    expect(screen.getByText("This link will take you to")).toBeTruthy();
    expect(screen.getByTestId("external-link-url").textContent).toBe("https://nerimity.com");
    expect(openWindow).not.toHaveBeenCalled();
  });

  it("opens the link in a new tab without an opener on Visit", () => {
    clickLink();
    fireEvent.click(screen.getByRole("button", { name: "Visit" }));
    expect(openWindow).toHaveBeenCalledWith("https://nerimity.com", "_blank", "noopener,noreferrer");
  });

  it("closes without opening anything on Don't Visit, after the closing animation", () => {
    clickLink();
    fireEvent.click(screen.getByRole("button", { name: "Don't Visit" }));
    expect(screen.queryByRole("dialog")).not.toBeNull();
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it("closes on a click on the background but not on one inside the dialog", () => {
    clickLink();
    fireEvent.click(screen.getByRole("dialog"));
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS));
    expect(screen.queryByRole("dialog")).not.toBeNull();

    const backdrop = screen.getByTestId("modal-backdrop");
    fireEvent.pointerDown(backdrop, { clientX: 10, clientY: 10 });
    fireEvent.click(backdrop, { clientX: 11, clientY: 12 });
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("stays open when the pointer was dragged more than 3 px", () => {
    clickLink();
    const backdrop = screen.getByTestId("modal-backdrop");
    fireEvent.pointerDown(backdrop, { clientX: 10, clientY: 10 });
    fireEvent.click(backdrop, { clientX: 20, clientY: 10 });
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS));
    expect(screen.queryByRole("dialog")).not.toBeNull();
  });
});
