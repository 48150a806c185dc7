/**
 * Places in the shell's layout a page can fill: the side pane (below the navigation), the
 * main header's title and actions, and the right drawer's title and body. The shell renders
 * a `SlotTarget` for each; a page renders `<LayoutSlot name="drawer">…</LayoutSlot>` and its
 * children appear there (a portal, so they keep the page's React context) while it is mounted.
 */
import { useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { create } from "zustand";

export type SlotName = "sidePane" | "headerTitle" | "headerActions" | "drawerTitle" | "drawer";

interface SlotState {
  targets: Partial<Record<SlotName, HTMLElement>>;
  /** How many mounted `LayoutSlot`s fill each slot. */
  fills: Partial<Record<SlotName, number>>;
}

const useSlotStore = create<SlotState>()(() => ({ targets: {}, fills: {} }));

function setTarget(name: SlotName, element: HTMLElement | null): void {
  useSlotStore.setState(({ targets }) => {
    if (element) return { targets: { ...targets, [name]: element } };
    if (!targets[name]) return {};
    const { [name]: _removed, ...rest } = targets;
    return { targets: rest };
  });
}

function changeFill(name: SlotName, delta: number): void {
  useSlotStore.setState(({ fills }) => ({ fills: { ...fills, [name]: Math.max(0, (fills[name] ?? 0) + delta) } }));
}

/** True while some page fills the slot (the shell then hides its default content there). */
export function useSlotFilled(name: SlotName): boolean {
  return useSlotStore((state) => (state.fills[name] ?? 0) > 0);
}

interface SlotTargetProps {
  name: SlotName;
  className?: string;
  as?: "div" | "span";
}

/** Where the shell lets pages put content. */
export function SlotTarget({ name, className, as: Tag = "div" }: SlotTargetProps) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setTarget(name, element);
    return () => setTarget(name, null);
  }, [name, element]);
  return <Tag ref={setElement} className={className} data-slot={name} />;
}

/** Renders its children into the named place of the shell's layout. */
export function LayoutSlot({ name, children }: { name: SlotName; children: ReactNode }) {
  const target = useSlotStore((state) => state.targets[name]);
  useEffect(() => {
    changeFill(name, 1);
    return () => changeFill(name, -1);
  }, [name]);
  return target ? createPortal(children, target) : null;
}
