import { t } from "../../i18n/i18n";
import { Button } from "../Button";
import { ModalPanel } from "./ModalPanel";
import { openModal } from "./modalStore";

interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
}

/** Asks the user to confirm; resolves true only when they press the confirm button. */
export function confirmAction({ title, message, confirmLabel, danger = false }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    openModal((close) => {
      const answer = (confirmed: boolean) => {
        resolve(confirmed);
        close();
      };
      return (
        <ModalPanel
          title={title}
          onClose={() => answer(false)}
          actions={
            <>
              <Button onClick={() => answer(false)}>{t("modal.cancel")}</Button>
              <Button variant={danger ? "danger" : "primary"} onClick={() => answer(true)}>
                {confirmLabel}
              </Button>
            </>
          }
        >
          <p>{message}</p>
        </ModalPanel>
      );
    });
  });
}
