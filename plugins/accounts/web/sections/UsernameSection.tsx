import { useState } from "react";
import { updateSelfUser, type SelfUser } from "@hearth/stores/selfUserStore";
import { TextField } from "@hearth/ui/form/TextField";
import { updateAccount } from "../accountsApi";
import { t } from "../i18n";
import { SectionActions, SettingsSection } from "../SettingsSection";
import { useSettingsForm } from "../useSettingsForm";

export function UsernameSection({ user, passwordSet = true }: { user: SelfUser; passwordSet?: boolean }) {
  const [username, setUsername] = useState(user.username);
  const [tag, setTag] = useState(user.tag);
  const [password, setPassword] = useState("");

  const { pending, errors, done, submit } = useSettingsForm(["username", "tag", "password"] as const, async () => {
    const { user: updated } = await updateAccount({ username: username.trim(), tag: tag.trim(), password });
    updateSelfUser({ username: updated.username, tag: updated.tag });
    setPassword("");
  });

  return (
    <SettingsSection title={t("username.title")}>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="settings-row">
          <TextField
            className="settings-row__grow"
            label={t("username.username")}
            name="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={errors.fields.username}
          />
          <TextField
            className="settings-row__tag"
            label={t("username.tag")}
            name="tag"
            maxLength={4}
            value={tag}
            onChange={(event) => setTag(event.target.value)}
            error={errors.fields.tag}
          />
        </div>
        {passwordSet ? (
          <TextField
            label={t("common.currentPassword")}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.fields.password}
          />
        ) : (
          <p className="muted" data-testid="no-password-yet">
            {t("common.noPasswordYet")}
          </p>
        )}
        <SectionActions pending={pending} error={errors.general} doneMessage={done ? t("common.saved") : null} />
      </form>
    </SettingsSection>
  );
}
