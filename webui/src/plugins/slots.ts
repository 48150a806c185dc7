/**
 * Typed slots: a place where one bundle uses what another provides, without importing it.
 * A slot is declared once with `defineSlot<T>(id)` (one provider: the last loaded wins) or
 * `defineListSlot<T>(id)` (every provider's values joined), beside the type it speaks: the shell
 * declares the slots of its own frame (`extensions.tsx`), a plugin those of its screens or its
 * services in its `public.ts`. A plugin fills slots with `slots: [slot.fill(value)]` in its
 * definition; readers ask `slot.get()` (outside rendering) or `slot.use()` (in a component) and
 * get nothing (undefined, or an empty list) while no provider is loaded.
 */
import { create } from "zustand";

/** A provider's value for a slot, as listed in a plugin's `slots`. */
export interface SlotFill {
  readonly slotId: string;
  /** Puts the value into the registry (the loader calls it when the plugin is installed). */
  readonly install: () => void;
}

export interface Slot<T> {
  readonly id: string;
  /** The provider's value now; undefined without one. */
  get(): T | undefined;
  /** The same as a hook: re-renders when a provider is installed. */
  use(): T | undefined;
  fill(value: T): SlotFill;
}

export interface ListSlot<T> {
  readonly id: string;
  /** Every provider's values, in the slot's order (by default the order the plugins loaded). */
  get(): readonly T[];
  use(): readonly T[];
  fill(...values: T[]): SlotFill;
}

const useSlotStore = create<Record<string, unknown>>()(() => ({}));
const declared = new Set<string>();
const EMPTY: readonly never[] = Object.freeze([]);

function declare(id: string): void {
  // A module evaluated again by the dev server's hot reloading declares its slots again; anywhere
  // else two slots with one id would share a value of two types.
  const reloading = import.meta.env.MODE === "development" && import.meta.hot;
  if (declared.has(id) && !reloading) throw new Error(`Slot "${id}" is declared twice`);
  declared.add(id);
}

export function defineSlot<T>(id: string): Slot<T> {
  declare(id);
  return {
    id,
    get: () => useSlotStore.getState()[id] as T | undefined,
    use: () => useSlotStore((state) => state[id] as T | undefined),
    fill: (value) => ({ slotId: id, install: () => useSlotStore.setState({ [id]: value }) }),
  };
}

export function defineListSlot<T>(id: string, options: { compare?: (a: T, b: T) => number } = {}): ListSlot<T> {
  declare(id);
  const read = (state: Record<string, unknown>) => (state[id] as readonly T[] | undefined) ?? EMPTY;
  return {
    id,
    get: () => read(useSlotStore.getState()),
    use: () => useSlotStore(read),
    fill: (...values) => ({
      slotId: id,
      install: () =>
        useSlotStore.setState((state) => {
          const joined = [...read(state), ...values];
          return { [id]: options.compare ? joined.sort(options.compare) : joined };
        }),
    }),
  };
}

/** Installs a plugin's fills (the loader, and tests that stand in for a provider). */
export function fillSlots(fills: readonly SlotFill[]): void {
  for (const fill of fills) fill.install();
}

/** Empties every slot (tests, between cases). */
export function clearSlots(): void {
  useSlotStore.setState({}, true);
}
