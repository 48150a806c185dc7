/** Leaving and deleting a server, with a confirmation and progress. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState } from "react";
import type { NavigateFunction } from "react-router";
import { t } from "../i18n";
import { deleteServer, errorText, leaveServer } from "../serversApi";
import type { Server } from "../types";

interface ConfirmPanelProps {
  title: string;
  text: string;
  confirmLabel: string;
  action: () => Promise<unknown>;
  close: () => void;
  /** After a success, once the dialog has closed. */
  done?: () => void;
}

/** A confirmation whose button runs the action and stays busy until it ends; errors stay in the dialog. */
export function ConfirmPanel({ title, text, confirmLabel, action, close, done }: ConfirmPanelProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setPending(true);
    setError(null);
    try {
      await action();
      close();
      done?.();
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
      setPending(false);
    }
  };
  return (
    <ModalPanel
      title={title}
      onClose={close}
      actions={
        <>
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button variant="danger" loading={pending} onClick={() => void run()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      <FormError message={error} />
    </ModalPanel>
  );
}

export function confirmLeaveServer(server: Server, navigate: NavigateFunction): void {
  openModal((close) => (
    <ConfirmPanel
      title={t("leave.title", { name: server.name })}
      text={t("leave.text", { name: server.name })}
      confirmLabel={t("leave.confirm")}
      action={() => leaveServer(server.id)}
      close={close}
      done={() => navigate("/app")}
    />
  ));
}

export function confirmDeleteServer(server: Server, navigate: NavigateFunction): void {
  openModal((close) => (
    <ConfirmPanel
      title={t("deleteServer.title", { name: server.name })}
      text={t("deleteServer.text", { name: server.name })}
      confirmLabel={t("deleteServer.confirm")}
      action={() => deleteServer(server.id)}
      close={close}
      done={() => navigate("/app")}
    />
  ));
}
