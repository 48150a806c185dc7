import { describeError } from "@hearth/api/requestErrors";
import { Button } from "@hearth/ui/Button";
import { TextField } from "@hearth/ui/form/TextField";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { useState } from "react";
import { FriendPicker } from "./FriendPicker";
import { createGroup, groupPath } from "./groupsApi";
import { t } from "./i18n";

const MOST = 9;

export function NewGroupDialog({ close, go }: { close: () => void; go: (path: string) => void }) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (userId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const group = await createGroup([...chosen], name);
      close();
      go(groupPath(group.channelId));
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  };

  return (
    <ModalPanel
      title={t("create.title")}
      onClose={close}
      actions={
        <>
          <Button onClick={close}>{t("create.cancel")}</Button>
          <Button variant="primary" loading={busy} disabled={chosen.size < 2} onClick={() => void create()}>
            {t("create.submit")}
          </Button>
        </>
      }
    >
      <p className="muted">
        {t("create.pick")} · {t("create.chosen", { count: chosen.size })}
      </p>
      <FriendPicker chosen={chosen} onToggle={toggle} room={MOST - chosen.size} />
      <TextField label={t("create.name")} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </ModalPanel>
  );
}
