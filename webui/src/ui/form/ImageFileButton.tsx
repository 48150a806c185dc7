/**
 * Choose a picture: a visually hidden file input behind a label drawn as a button (the label keeps
 * the input reachable by keyboard, screen readers and tests' set_input_files).
 */
import { useId, type ChangeEvent, type ReactNode } from "react";

export const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

interface ImageFileButtonProps {
  children: ReactNode;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  variant?: "primary" | "secondary";
  disabled?: boolean;
  /** Shows a spinner in the button (an upload under way). */
  busy?: boolean;
}

export function ImageFileButton({ children, onChange, variant = "secondary", disabled = false, busy = false }: ImageFileButtonProps) {
  const inputId = useId();
  const off = disabled || busy;
  return (
    <>
      <input id={inputId} className="visually-hidden file-picker" type="file" accept={IMAGE_TYPES} disabled={off} onChange={onChange} />
      <label className={`button button--${variant}${off ? " button--disabled" : ""}`} htmlFor={inputId} aria-disabled={off || undefined}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {children}
      </label>
    </>
  );
}
