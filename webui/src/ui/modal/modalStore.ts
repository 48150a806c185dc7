/** The stack of open modals. Closing one plays its 200 ms exit animation before it unmounts. */
import type { ReactNode } from "react";
import { create } from "zustand";

export const MODAL_ANIMATION_MS = 200;

export type ModalRenderer = (close: () => void) => ReactNode;

interface OpenModal {
  id: number;
  render: ModalRenderer;
  close: () => void;
  closing: boolean;
}

export const useModalStore = create<{ modals: OpenModal[] }>()(() => ({ modals: [] }));

let nextId = 1;

function closeModal(id: number): void {
  const { modals } = useModalStore.getState();
  if (!modals.some((modal) => modal.id === id && !modal.closing)) return;
  useModalStore.setState({ modals: modals.map((modal) => (modal.id === id ? { ...modal, closing: true } : modal)) });
  setTimeout(() => {
    useModalStore.setState(({ modals: current }) => ({ modals: current.filter((modal) => modal.id !== id) }));
  }, MODAL_ANIMATION_MS);
}

/** Opens a modal; the returned function (also handed to `render`) closes it. */
export function openModal(render: ModalRenderer): () => void {
  const id = nextId++;
  const close = () => closeModal(id);
  useModalStore.setState(({ modals }) => ({ modals: [...modals, { id, render, close, closing: false }] }));
  return close;
}
