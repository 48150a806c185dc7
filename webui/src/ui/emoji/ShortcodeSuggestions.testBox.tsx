/** A text box with the `:name` suggestions, wired as the composer wires them (tests only). */
import { fireEvent } from "@testing-library/react";
import { useRef, useState } from "react";
import { ShortcodeSuggestions, useShortcodeSuggestions } from "./ShortcodeSuggestions";

export function Box() {
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const state = useShortcodeSuggestions(
    () => ref.current?.value ?? text,
    (next) => setText(next),
  );
  return (
    <>
      <ShortcodeSuggestions state={state} id="s" />
      <textarea
        ref={ref}
        aria-label="box"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          state.update(event.target.value, event.target.selectionStart ?? event.target.value.length);
        }}
        onKeyDown={(event) => void state.onKeyDown(event)}
      />
    </>
  );
}

export const typeInto = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value, selectionStart: value.length } });
