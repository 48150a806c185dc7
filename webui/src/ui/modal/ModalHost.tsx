import { useEffect, useRef, type MouseEvent, type PointerEvent } from "react";
import { createPortal } from "react-dom";
import { shouldCloseOnBackdropClick, type Point } from "./backdropClick";
import { useModalStore, type ModalRenderer } from "./modalStore";
import "./modal.css";

interface ModalLayerProps {
  render: ModalRenderer;
  close: () => void;
  closing: boolean;
  isTop: boolean;
}

function ModalLayer({ render, close, closing, isTop }: ModalLayerProps) {
  const pressStart = useRef<Point | null>(null);

  useEffect(() => {
    if (!isTop) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isTop, close]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressStart.current = event.target === event.currentTarget ? { x: event.clientX, y: event.clientY } : null;
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const start = event.target === event.currentTarget ? pressStart.current : null;
    pressStart.current = null;
    const selectedText = window.getSelection()?.toString() ?? "";
    if (shouldCloseOnBackdropClick(start, { x: event.clientX, y: event.clientY }, selectedText)) close();
  };

  return (
    <div
      className={`modal-backdrop${closing ? " modal-backdrop--closing" : ""}`}
      data-testid="modal-backdrop"
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      {render(close)}
    </div>
  );
}

/** Renders every open modal; mounted once at the root. */
export function ModalHost() {
  const modals = useModalStore((state) => state.modals);
  const topId = modals.findLast((modal) => !modal.closing)?.id;
  return createPortal(
    modals.map(({ id, render, close, closing }) => (
      <ModalLayer key={id} render={render} close={close} closing={closing} isTop={id === topId} />
    )),
    document.body,
  );
}
