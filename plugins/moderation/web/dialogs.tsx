/**
 * The moderators' dialogs. Every one that changes something asks for the moderator's own
 * password (rest.md §8 "pw"), shows progress while the call runs and the server's error under
 * the field it names.
 */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { fieldError, useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState, type FormEvent, type ReactNode } from "react";
import { t } from "./i18n";
import type { SuspendOptions, UserEdit } from "./moderationApi";

const DURATIONS = [1, 3, 7, 14, 31, 0] as const;

function PasswordField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextField
      label={t("common.password")}
      name="password"
      type="password"
      autoComplete="current-password"
      hint={t("common.passwordHint")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

function ReasonField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <label className="field">
      <span className="field__label">{t("common.reason")}</span>
      <textarea className="field__input" name="reason" rows={3} maxLength={500} autoFocus value={value} aria-invalid={error ? true : undefined} onChange={(event) => onChange(event.target.value)} />
      {error && <p className="field__error">{error}</p>}
    </label>
  );
}

interface ShellProps {
  title: string;
  close: () => void;
  confirmLabel: string;
  pending: boolean;
  general: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

function DialogForm({ title, close, confirmLabel, pending, general, onSubmit, children }: ShellProps) {
  return (
    <ModalPanel title={title} onClose={close}>
      <form className="stack moderation-dialog" onSubmit={onSubmit} noValidate>
        {children}
        <FormError message={general} />
        <div className="button-row button-row--end">
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" variant="danger" loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

interface ReasonOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** Filled in beforehand (acting on a moderator's suggestion). */
  initialReason?: string;
  submit: (password: string, reason: string) => Promise<void>;
}

function ReasonDialog({ title, message, confirmLabel, initialReason = "", submit, close }: ReasonOptions & { close: () => void }) {
  const [reason, setReason] = useState(initialReason);
  const [password, setPassword] = useState("");
  const { pending, errors, run } = useFormAction(["reason", "password"] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!reason.trim()) throw fieldError("reason", t("dialog.reasonRequired"));
      await submit(password, reason.trim());
      close();
    });
  };
  return (
    <DialogForm title={title} close={close} confirmLabel={confirmLabel} pending={pending} general={errors.general} onSubmit={onSubmit}>
      <p className="muted">{message}</p>
      <ReasonField value={reason} onChange={setReason} error={errors.fields.reason} />
      <PasswordField value={password} onChange={setPassword} error={errors.fields.password} />
    </DialogForm>
  );
}

/** A reason and the moderator's password: warn, shadow-ban, schedule a server's deletion. */
export function askReason(options: ReasonOptions): void {
  openModal((close) => <ReasonDialog {...options} close={close} />);
}

interface SuspendDialogOptions {
  title: string;
  /** Changing an existing suspension: duration and reason only. */
  editing?: boolean;
  initialReason?: string;
  submit: (password: string, options: SuspendOptions) => Promise<void>;
}

function SuspendDialog({ title, editing = false, initialReason = "", submit, close }: SuspendDialogOptions & { close: () => void }) {
  const [days, setDays] = useState<number>(7);
  const [reason, setReason] = useState(initialReason);
  const [ipBan, setIpBan] = useState(false);
  const [deleteRecentMessages, setDeleteRecent] = useState(false);
  const [password, setPassword] = useState("");
  const { pending, errors, run } = useFormAction(["reason", "password", "days"] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!editing && !reason.trim()) throw fieldError("reason", t("dialog.reasonRequired"));
      await submit(password, { days, reason: reason.trim(), ipBan, deleteRecentMessages });
      close();
    });
  };
  return (
    <DialogForm
      title={title}
      close={close}
      confirmLabel={editing ? t("dialog.saveConfirm") : t("dialog.suspendConfirm")}
      pending={pending}
      general={errors.general ?? errors.fields.days ?? null}
      onSubmit={onSubmit}
    >
      <label className="field">
        <span className="field__label">{t("dialog.duration")}</span>
        <select className="field__input" name="days" value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {DURATIONS.map((value) => (
            <option key={value} value={value}>
              {value === 0 ? t("dialog.permanent") : t("dialog.days", { count: value })}
            </option>
          ))}
        </select>
      </label>
      <ReasonField value={reason} onChange={setReason} error={errors.fields.reason} />
      {!editing && (
        <>
          <label className="checkbox">
            <input type="checkbox" name="ipBan" checked={ipBan} onChange={(event) => setIpBan(event.target.checked)} />
            {t("dialog.ipBan")}
          </label>
          <label className="checkbox">
            <input type="checkbox" name="deleteRecentMessages" checked={deleteRecentMessages} onChange={(event) => setDeleteRecent(event.target.checked)} />
            {t("dialog.deleteRecent")}
          </label>
        </>
      )}
      <PasswordField value={password} onChange={setPassword} error={errors.fields.password} />
    </DialogForm>
  );
}

export function openSuspendDialog(options: SuspendDialogOptions): void {
  openModal((close) => <SuspendDialog {...options} close={close} />);
}

interface EditUserOptions {
  title: string;
  user: { username: string; tag: string; email?: string };
  /** The e-mail and password fields: only the founder changes an admin's (the staff ranks). */
  credentials?: boolean;
  submit: (password: string, changes: UserEdit) => Promise<void>;
}

function EditUserDialog({ title, user, credentials = true, submit, close }: EditUserOptions & { close: () => void }) {
  const [username, setUsername] = useState(user.username);
  const [tag, setTag] = useState(user.tag);
  const [email, setEmail] = useState(user.email ?? "");
  const [newPassword, setNewPassword] = useState("");
  const [password, setPassword] = useState("");
  const { pending, errors, run } = useFormAction(["username", "tag", "email", "newPassword", "password"] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const changes: UserEdit = {};
      if (username.trim() !== user.username) changes.username = username.trim();
      if (tag.trim() !== user.tag) changes.tag = tag.trim();
      if (credentials && user.email !== undefined && email.trim() !== user.email) changes.email = email.trim();
      if (credentials && newPassword) changes.newPassword = newPassword;
      await submit(password, changes);
      close();
    });
  };
  return (
    <DialogForm title={title} close={close} confirmLabel={t("dialog.editConfirm")} pending={pending} general={errors.general} onSubmit={onSubmit}>
      <TextField label={t("dialog.username")} name="username" maxLength={35} value={username} onChange={(event) => setUsername(event.target.value)} error={errors.fields.username} />
      <TextField label={t("dialog.tag")} name="tag" maxLength={4} value={tag} onChange={(event) => setTag(event.target.value)} error={errors.fields.tag} />
      {credentials && user.email !== undefined && (
        <TextField label={t("dialog.email")} name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.fields.email} />
      )}
      {credentials ? (
        <TextField label={t("dialog.newPassword")} name="newPassword" type="password" autoComplete="new-password" value={newPassword} onChange={(event) => setNewPassword(event.target.value)} error={errors.fields.newPassword} />
      ) : (
        <p className="muted">{t("dialog.credentialsFounderOnly")}</p>
      )}
      <PasswordField value={password} onChange={setPassword} error={errors.fields.password} />
    </DialogForm>
  );
}

export function openEditUserDialog(options: EditUserOptions): void {
  openModal((close) => <EditUserDialog {...options} close={close} />);
}
