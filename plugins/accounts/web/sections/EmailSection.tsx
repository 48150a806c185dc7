import { useState } from "react";
import { EmailVerification } from "@hearth/session/EmailVerification";
import { updateSelfUser, type SelfUser } from "@hearth/stores/selfUserStore";
import { TextField } from "@hearth/ui/form/TextField";
import { updateAccount } from "../accountsApi";
import { t } from "../i18n";
import { SectionActions, SettingsSection } from "../SettingsSection";
import { useSettingsForm } from "../useSettingsForm";

export function EmailSection({ user, passwordSet = true }: { user: SelfUser; passwordSet?: boolean }) {
  const [email, setEmail] = useState(user.email ?? "");
  const [password, setPassword] = useState("");

  const { pending, errors, done, submit } = useSettingsForm(["email", "password"] as const, async () => {
    const newEmail = email.trim();
    await updateAccount({ email: newEmail, password });
    // A new address has to be confirmed again.
    updateSelfUser(newEmail === user.email ? { email: newEmail } : { email: newEmail, emailConfirmed: false });
    setPassword("");
  });

  return (
    <SettingsSection title={t("email.title")}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t("email.email")}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.fields.email}
        />
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
      {user.emailConfirmed === false && (
        <div className="settings-section__subpart">
          <p className="muted">{t("email.unconfirmed")}</p>
          <EmailVerification />
        </div>
      )}
    </SettingsSection>
  );
}
