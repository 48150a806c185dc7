import { create } from "zustand";

interface HelloState {
  /** Waves received, once the page has asked the server; live after that. */
  waves: number | null;
  /** A wave arrived while this tab was open. */
  waved: boolean;
  /** The server's answer to our last wave that went wrong. */
  waveError: string | null;
}

export const useHelloStore = create<HelloState>()(() => ({ waves: null, waved: false, waveError: null }));

export function waveReceived(): void {
  useHelloStore.setState(({ waves }) => ({ waves: waves === null ? null : waves + 1, waved: true }));
}

export function waveRefused(error: { message: string }): void {
  useHelloStore.setState({ waveError: error.message });
}
