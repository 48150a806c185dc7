import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation } from "react-router";
import { closePopover, placePopover, usePopoverStore } from "./popoverStore";
import "./popover.css";

/** Renders the open popover; mounted once at the root, inside the router. */
export function PopoverHost() {
  const popover = usePopoverStore((state) => state.popover);
  const { pathname } = useLocation();

  useEffect(() => closePopover(), [pathname]);

  if (!popover) return null;
  return createPortal(<PopoverPanel key={popover.id} />, document.body);
}

function PopoverPanel() {
  const popover = usePopoverStore((state) => state.popover)!;
  const panel = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const { id, anchor, placement, label, render } = popover;

  useLayoutEffect(() => {
    const element = panel.current!;
    const place = () =>
      setPosition(
        placePopover(
          anchor,
          { width: element.offsetWidth, height: element.offsetHeight },
          { width: window.innerWidth, height: window.innerHeight },
          placement,
        ),
      );
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => observer.disconnect();
  }, [anchor, placement]);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const element = panel.current!;
    const first = element.querySelector<HTMLElement>("[data-autofocus], input, button, [href], [tabindex]:not([tabindex='-1'])");
    (first ?? element).focus();

    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      // Modals opened from the popover (a confirmation, for instance) do not close it.
      const inModal = target instanceof Element && target.closest("[data-testid='modal-backdrop']");
      if (!element.contains(target) && !inModal) closePopover(id);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closePopover(id);
    };
    const onResize = () => closePopover(id);
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("resize", onResize);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("resize", onResize);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [id]);

  return (
    <div
      ref={panel}
      className="popover"
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      style={position ?? { left: 0, top: 0, visibility: "hidden" }}
    >
      {render(() => closePopover(id))}
    </div>
  );
}
