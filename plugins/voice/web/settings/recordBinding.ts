/** Recording a push-to-talk binding: the next key or mouse button pressed anywhere on the page. */
import { bindingOfKey, bindingOfMouseButton } from "../callSettings";

/** The back and forward buttons navigate when they come up: not the press that was recorded. */
function swallowRelease(target: Window, button: number): void {
  const onRelease = (event: MouseEvent) => {
    if (event.button !== button) return;
    event.preventDefault();
    if (event.type === "auxclick") stop();
  };
  const stop = () => {
    target.removeEventListener("mouseup", onRelease, true);
    target.removeEventListener("auxclick", onRelease, true);
  };
  target.addEventListener("mouseup", onRelease, true);
  target.addEventListener("auxclick", onRelease, true);
  setTimeout(stop, 5000);
}

/**
 * Listens on `target` (the window) until a key or an extra mouse button is pressed, and calls
 * `done` with its binding — or with null for Escape. Left and right clicks are ignored (they click
 * and open menus). Returns a function that stops listening without calling `done`.
 */
export function recordBinding(target: Window, done: (binding: string | null) => void): () => void {
  const stop = () => {
    target.removeEventListener("keydown", onKey, true);
    target.removeEventListener("mousedown", onMouse, true);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.repeat) return;
    event.preventDefault();
    event.stopPropagation();
    stop();
    done(bindingOfKey(event.code));
  };
  const onMouse = (event: MouseEvent) => {
    const binding = bindingOfMouseButton(event.button);
    if (!binding) return;
    event.preventDefault(); // no autoscroll from the middle button
    stop();
    swallowRelease(target, event.button);
    done(binding);
  };
  target.addEventListener("keydown", onKey, true);
  target.addEventListener("mousedown", onMouse, true);
  return stop;
}
