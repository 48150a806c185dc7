import { useState, type FormEvent } from "react";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { formatDateTime } from "@hearth/ui/format";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { t } from "./i18n";
import { passkeyFailure } from "./passkeyErrors";
import { Section } from "./Section";
import { addPasskey, passkeyRegistrationOptions, removePasskey, renamePasskey, type Passkey } from "./twoFactorApi";
import { createPasskey, passkeysSupported } from "./webauthn";

function AddPasskeyForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const { pending, errors, run } = useFormAction(["password", "name"] as const);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { challengeId, options } = await passkeyRegistrationOptions(password);
      let credential: Record<string, unknown>;
      try {
        credential = await createPasskey(options);
      } catch (error) {
        throw passkeyFailure(error);
      }
      await addPasskey(challengeId, name.trim(), credential);
      onDone();
    });
  };

  return (
    <form className="stack passkey-add" onSubmit={submit} noValidate aria-label={t("passkeys.addTitle")}>
      <p className="muted">{t("passkeys.addHint")}</p>
      <TextField
        label={t("common.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.fields.password}
      />
      <TextField
        label={t("passkeys.nameLabel")}
        name="name"
        placeholder={t("passkeys.namePlaceholder")}
        maxLength={64}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.fields.name}
      />
      <FormError message={errors.general} />
      <div className="button-row button-row--end">
        <Button onClick={onCancel}>{t("common.cancel")}</Button>
        <Button type="submit" variant="primary" loading={pending}>
          {t("passkeys.addSubmit")}
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey, onChange }: { passkey: Passkey; onChange: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const { pending, errors, run } = useFormAction(["name"] as const);

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await renamePasskey(passkey.id, name.trim());
      setEditing(false);
      onChange();
    });
  };

  const remove = () =>
    void run(async () => {
      const sure = await confirmAction({
        title: t("passkeys.removeTitle"),
        message: t("passkeys.removeMessage", { name: passkey.name }),
        confirmLabel: t("passkeys.remove"),
        danger: true,
      });
      if (!sure) return;
      await removePasskey(passkey.id);
      onChange();
    });

  return (
    <li className="passkey-row" data-testid="passkey-row">
      {editing ? (
        <form className="passkey-row__rename" onSubmit={save} noValidate>
          <TextField
            label={t("passkeys.nameLabel")}
            name="name"
            maxLength={64}
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.fields.name}
          />
          <div className="button-row">
            <Button onClick={() => setEditing(false)}>{t("common.cancel")}</Button>
            <Button type="submit" variant="primary" loading={pending}>
              {t("passkeys.save")}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="passkey-row__text">
            <span className="passkey-row__name">{passkey.name}</span>
            <span className="muted">
              {t("passkeys.added", { date: formatDateTime(passkey.createdAt) })}
              {passkey.lastUsedAt !== null && <> · {t("passkeys.lastUsed", { date: formatDateTime(passkey.lastUsedAt) })}</>}
            </span>
          </div>
          <div className="button-row">
            <Button variant="ghost" onClick={() => setEditing(true)} aria-label={`${t("passkeys.rename")}: ${passkey.name}`}>
              {t("passkeys.rename")}
            </Button>
            <Button variant="danger" onClick={remove} aria-label={`${t("passkeys.remove")}: ${passkey.name}`}>
              {t("passkeys.remove")}
            </Button>
          </div>
        </>
      )}
      <FormError message={errors.general} />
    </li>
  );
}

/** The account's passkeys: add one (named), rename, remove. */
export function PasskeysSection({ passkeys, onChange }: { passkeys: Passkey[]; onChange: () => void }) {
  const [adding, setAdding] = useState(false);
  const supported = passkeysSupported();

  return (
    <Section title={t("passkeys.title")} description={t("passkeys.subtitle")} testId="passkeys-section">
      {passkeys.length === 0 && <p className="muted">{t("passkeys.empty")}</p>}
      {passkeys.length > 0 && (
        <ul className="passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyRow key={`${passkey.id}-${passkey.name}`} passkey={passkey} onChange={onChange} />
          ))}
        </ul>
      )}
      {!supported && <p className="muted">{t("passkeys.unsupported")}</p>}
      {supported &&
        (adding ? (
          <AddPasskeyForm
            onCancel={() => setAdding(false)}
            onDone={() => {
              setAdding(false);
              onChange();
            }}
          />
        ) : (
          <div className="button-row">
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t("passkeys.add")}
            </Button>
          </div>
        ))}
    </Section>
  );
}
