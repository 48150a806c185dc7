/** Checkboxes for the role permissions a bot asks for, as one bitfield. */
import { t } from "./i18n";
import { BOT_PERMISSIONS } from "./permissions";

export function PermissionPicker({ value, onChange, disabled = false }: { value: number; onChange: (bits: number) => void; disabled?: boolean }) {
  return (
    <fieldset className="permission-picker" disabled={disabled}>
      <legend className="field__label">{t("permissions.legend")}</legend>
      {BOT_PERMISSIONS.map(([name, bit]) => (
        <label key={name} className="permission-picker__item">
          <input type="checkbox" checked={(value & bit) !== 0} onChange={(event) => onChange(event.target.checked ? value | bit : value & ~bit)} />
          <span>
            <strong>{t(`permissions.${name}.name`)}</strong>
            <span className="muted"> — {t(`permissions.${name}.hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The permissions in `bits`, listed for someone about to grant them. */
export function PermissionList({ bits }: { bits: number }) {
  const granted = BOT_PERMISSIONS.filter(([, bit]) => (bits & bit) !== 0);
  if (!granted.length) return <p className="muted">{t("permissions.sendOnly")}</p>;
  return (
    <ul className="permission-list" data-testid="permission-list">
      {granted.map(([name]) => (
        <li key={name}>
          <strong>{t(`permissions.${name}.name`)}</strong> <span className="muted">{t(`permissions.${name}.hint`)}</span>
        </li>
      ))}
    </ul>
  );
}
