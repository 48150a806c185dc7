/** /app/moderation/online: who is connected now. */
import { describeError } from "@hearth/api/requestErrors";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { t } from "./i18n";
import { onlineUsers } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import type { ModUser } from "./types";
import { UserRow } from "./UserRow";

export default function OnlinePage() {
  const [users, setUsers] = useState<ModUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    onlineUsers().then(setUsers, (failure: unknown) => setError(describeError(failure)));
  }, []);
  return (
    <ModerationFrame title={t("online.title")}>
      <FormError message={error} />
      {users === null && !error && <PaneLoading label={t("common.loading")} />}
      {users && <p className="muted">{t("online.count", { count: users.length })}</p>}
      {users && users.length > 0 && (
        <ul className="moderation-list" data-testid="moderation-online">
          {users.map((user) => (
            <UserRow key={user.id} user={{ ...user, suspension: null }} />
          ))}
        </ul>
      )}
    </ModerationFrame>
  );
}
