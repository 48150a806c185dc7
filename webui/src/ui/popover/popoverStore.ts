/** The one floating panel (user card, emoji picker…) open at a time, anchored to an element. */
import type { ReactNode } from "react";
import { create } from "zustand";

export type PopoverPlacement = "below" | "above" | "side";

export interface PopoverRequest {
  /** Where the element the popover belongs to is on screen. */
  anchor: DOMRect;
  /** Accessible name of the panel. */
  label: string;
  render: (close: () => void) => ReactNode;
  /** Preferred side; the panel flips when it does not fit. Default "below". */
  placement?: PopoverPlacement;
}

interface OpenPopover extends PopoverRequest {
  id: number;
}

export const usePopoverStore = create<{ popover: OpenPopover | null }>()(() => ({ popover: null }));

let nextId = 1;

export function closePopover(id?: number): void {
  const { popover } = usePopoverStore.getState();
  if (popover && (id === undefined || popover.id === id)) usePopoverStore.setState({ popover: null });
}

/** Opens a popover in place of any other; the returned function closes it. */
export function openPopover(request: PopoverRequest): () => void {
  const id = nextId++;
  usePopoverStore.setState({ popover: { ...request, id } });
  return () => closePopover(id);
}

export interface Size {
  width: number;
  height: number;
}

const MARGIN = 8;

/** Top-left corner for a panel of `size` next to `anchor`, kept inside the viewport. */
export function placePopover(anchor: DOMRect, size: Size, viewport: Size, placement: PopoverPlacement = "below") {
  const clamp = (value: number, max: number) => Math.max(MARGIN, Math.min(value, max - MARGIN));
  if (placement === "side") {
    const fitsRight = anchor.right + MARGIN + size.width <= viewport.width - MARGIN;
    const left = fitsRight ? anchor.right + MARGIN : anchor.left - MARGIN - size.width;
    return {
      left: clamp(left, viewport.width - size.width),
      top: clamp(anchor.top, viewport.height - size.height),
    };
  }
  const spaceBelow = viewport.height - anchor.bottom - MARGIN;
  const spaceAbove = anchor.top - MARGIN;
  const fitsBelow = size.height <= spaceBelow;
  const fitsAbove = size.height <= spaceAbove;
  const below =
    placement === "above"
      ? !fitsAbove && (fitsBelow || spaceBelow > spaceAbove)
      : fitsBelow || (!fitsAbove && spaceBelow >= spaceAbove);
  const top = below ? anchor.bottom + 4 : anchor.top - 4 - size.height;
  return {
    left: clamp(anchor.left, viewport.width - size.width),
    top: clamp(top, viewport.height - size.height),
  };
}
