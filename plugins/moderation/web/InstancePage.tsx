/** /app/moderation/instance (ADMIN): the instance's name, description, icon, rules, contact,
 * message of the day and who may register, over the config file's values. */
import { uploadToCdn } from "@hearth/api/cdn";
import { describeError } from "@hearth/api/requestErrors";
import { refreshInstanceInfo } from "@hearth/pages/instanceInfo";
import type { RegistrationMode } from "@hearth/session/ssoApi";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { ImageFileButton } from "@hearth/ui/form/ImageFileButton";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { useStaffLevel } from "./access";
import { t } from "./i18n";
import { changeInstanceSettings, instanceSettings, type InstanceChanges, type InstanceSettings } from "./instanceApi";
import { ModerationFrame } from "./ModerationFrame";

type TextKey = "name" | "description" | "rules" | "contact" | "motd";
const FIELDS: { key: TextKey; max: number; rows?: number }[] = [
  { key: "name", max: 60 },
  { key: "description", max: 300, rows: 3 },
  { key: "rules", max: 4000, rows: 6 },
  { key: "contact", max: 200 },
  { key: "motd", max: 500, rows: 3 },
];

function SettingField({
  field,
  value,
  settings,
  onChange,
  onReset,
}: {
  field: (typeof FIELDS)[number];
  value: string;
  settings: InstanceSettings;
  onChange: (value: string) => void;
  onReset: () => void;
}) {
  const id = useId();
  const fromConfig = settings.defaults[field.key];
  const overridden = settings.overridden.includes(field.key);
  const common = {
    id,
    className: "field__input",
    name: field.key,
    value,
    maxLength: field.max,
    "aria-describedby": `${id}-hint`,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t(`instance.fields.${field.key}`)}
      </label>
      {field.rows ? <textarea rows={field.rows} {...common} /> : <input type="text" {...common} />}
      <p id={`${id}-hint`} className="field__hint">
        {fromConfig ? t("instance.fromConfig", { value: fromConfig }) : t("instance.fromConfigEmpty")}{" "}
        {overridden && (
          <button type="button" className="instance-form__reset" onClick={onReset}>
            {t("instance.reset")}
          </button>
        )}
      </p>
    </div>
  );
}

const REGISTRATION_MODES: RegistrationMode[] = ["open", "invite", "sso", "closed"];

/** Who may register: the config file's `[accounts] registration` until an admin chooses here. */
function RegistrationField({
  value,
  settings,
  onChange,
  onReset,
}: {
  value: RegistrationMode;
  settings: InstanceSettings;
  onChange: (value: RegistrationMode) => void;
  onReset: () => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t("instance.fields.registration")}
      </label>
      <select
        id={id}
        className="field__input"
        name="registration"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as RegistrationMode)}
      >
        {REGISTRATION_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`instance.registration.${mode}`)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field__hint">
        {t("instance.fromConfig", { value: t(`instance.registration.${settings.defaults.registration}`) })}{" "}
        {settings.overridden.includes("registration") && (
          <button type="button" className="instance-form__reset" onClick={onReset}>
            {t("instance.reset")}
          </button>
        )}
      </p>
    </div>
  );
}

function InstanceForm({ initial }: { initial: InstanceSettings }) {
  const me = useSelfUserStore((state) => state.user);
  const [settings, setSettings] = useState(initial);
  const [draft, setDraft] = useState(initial.settings);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed =
    FIELDS.some(({ key }) => draft[key] !== settings.settings[key]) ||
    draft.registration !== settings.settings.registration;

  const save = async (changes: InstanceChanges) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const saved = await changeInstanceSettings(changes);
      setSettings(saved);
      setDraft(saved.settings);
      setStatus(t("instance.saved"));
      void refreshInstanceInfo();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const changes: InstanceChanges = {};
    for (const { key } of FIELDS) if (draft[key] !== settings.settings[key]) changes[key] = draft[key];
    if (draft.registration !== settings.settings.registration) changes.registration = draft.registration;
    void save(changes);
  };

  const chooseIcon = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || !me) return;
    setBusy(true);
    try {
      const { fileId } = await uploadToCdn({ type: "avatars", groupId: me.id, file });
      await save({ iconId: fileId });
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  };

  return (
    <form
      className="card moderation-section stack instance-form"
      aria-label={t("instance.title")}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="instance-form__icon">
        <span className="instance-form__icon-preview" aria-hidden={!settings.settings.icon}>
          {settings.settings.icon ? (
            <img src={`/cdn/${settings.settings.icon}`} alt={t("instance.iconAlt")} width={64} height={64} />
          ) : (
            <span className="muted">{t("instance.noIcon")}</span>
          )}
        </span>
        <ImageFileButton onChange={(event) => void chooseIcon(event)} busy={busy}>
          {t("instance.chooseIcon")}
        </ImageFileButton>
        {settings.settings.icon && (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void save({ iconId: null })}>
            {t("instance.removeIcon")}
          </Button>
        )}
      </div>
      {FIELDS.map((field) => (
        <SettingField
          key={field.key}
          field={field}
          value={draft[field.key]}
          settings={settings}
          onChange={(value) => setDraft({ ...draft, [field.key]: value })}
          onReset={() => void save({ [field.key]: null })}
        />
      ))}
      <RegistrationField
        value={draft.registration}
        settings={settings}
        onChange={(registration) => setDraft({ ...draft, registration })}
        onReset={() => void save({ registration: null })}
      />
      <FormError message={error} />
      <p className="muted" role="status">
        {status}
      </p>
      <div className="button-row button-row--end">
        <Button type="submit" variant="primary" disabled={!changed || busy}>
          {t("instance.save")}
        </Button>
      </div>
    </form>
  );
}

export default function InstancePage() {
  const level = useStaffLevel();
  const [settings, setSettings] = useState<InstanceSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (level === "admin") instanceSettings().then(setSettings, (failure: unknown) => setError(describeError(failure)));
  }, [level]);
  return (
    <ModerationFrame title={t("instance.title")}>
      {level !== "admin" ? (
        <p className="muted">{t("instance.adminOnly")}</p>
      ) : (
        <>
          <p className="muted">{t("instance.intro")}</p>
          <FormError message={error} />
          {settings === null && !error && <PaneLoading label={t("common.loading")} />}
          {settings && <InstanceForm initial={settings} />}
        </>
      )}
    </ModerationFrame>
  );
}
