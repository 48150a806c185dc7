import { useEffect, useId, useRef, type ReactNode } from "react";
import { t } from "../../i18n/i18n";
import { Icon } from "../Icon";

interface ModalPanelProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
}

/** The dialog box inside a modal: title bar, body and an action row. */
export function ModalPanel({ title, onClose, children, actions }: ModalPanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  return (
    <div ref={panel} className="modal-panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
      <header className="modal-panel__header">
        <h2 id={titleId} className="modal-panel__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={t("modal.close")} onClick={onClose}>
          <Icon name="close" size={20} />
        </button>
      </header>
      <div className="modal-panel__body">{children}</div>
      {actions && <footer className="modal-panel__actions">{actions}</footer>}
    </div>
  );
}
