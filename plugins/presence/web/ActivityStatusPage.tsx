/** /app/settings/activity-status: share, change or stop sharing a rich activity, and see what others see. */
import { SettingsCard, SettingsPage } from "@hearth/settings/area/SettingsPage";
import { SettingsSelect } from "@hearth/settings/area/SettingsPage";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { TextField } from "@hearth/ui/form/TextField";
import { formatDateTime } from "@hearth/ui/format";
import { useState, type FormEvent } from "react";
import { t } from "./i18n";
import { usePresence, type Activity } from "./presenceStore";
import { shareActivity, storedActivity } from "./sharedActivity";

/** Sent as is (others' clients show the text); shown here translated. */
const ACTIONS = ["Playing", "Listening to", "Watching", "Reading", "Working on"] as const;
type Action = (typeof ACTIONS)[number];

const actionLabel = (action: string) => (ACTIONS.includes(action as Action) ? t(`activity.actions.${action as Action}`) : action);

function ActivityLine({ activity }: { activity: Activity }) {
  return (
    <li className="activity-line">
      <strong>
        {actionLabel(activity.action)} {activity.name}
      </strong>
      {activity.title && <span>{activity.title}</span>}
      {activity.startedAt !== undefined && <span className="muted">{t("activity.since", { time: formatDateTime(activity.startedAt) })}</span>}
    </li>
  );
}

export default function ActivityStatusPage() {
  const userId = useSelfUserStore((state) => state.user?.id);
  const presence = usePresence(userId);
  const stored = storedActivity();
  const [action, setAction] = useState<Action>(ACTIONS.includes(stored?.action as Action) ? (stored!.action as Action) : "Playing");
  const [name, setName] = useState(stored?.name ?? "");
  const [title, setTitle] = useState(stored?.title ?? "");
  const [link, setLink] = useState(stored?.link ?? "");
  const [errors, setErrors] = useState<{ name?: string; link?: string }>({});
  const [sharing, setSharing] = useState(stored !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      name: name.trim() ? undefined : t("activity.nameRequired"),
      link: !link.trim() || /^https?:\/\//i.test(link.trim()) ? undefined : t("activity.linkInvalid"),
    };
    setErrors(problems);
    if (problems.name || problems.link) return;
    const activity: Activity = { action, name: name.trim().slice(0, 80), startedAt: Date.now() };
    if (title.trim()) activity.title = title.trim().slice(0, 80);
    if (link.trim()) activity.link = link.trim().slice(0, 299);
    shareActivity(activity);
    setSharing(true);
  };

  const stop = () => {
    shareActivity(null);
    setSharing(false);
  };

  const activities = presence?.activities ?? [];
  return (
    <SettingsPage title={t("activity.title")} description={t("activity.subtitle")} testId="settings-activity-status">
      <SettingsCard title={t("activity.current")}>
        {!presence?.status ? (
          <p className="muted">{t("activity.offline")}</p>
        ) : activities.length === 0 ? (
          <p className="muted" data-testid="activity-none">
            {t("activity.none")}
          </p>
        ) : (
          <ul className="activity-list" data-testid="activity-current">
            {activities.map((activity, index) => (
              <ActivityLine key={index} activity={activity} />
            ))}
          </ul>
        )}
      </SettingsCard>
      <SettingsCard title={t("activity.share")} description={t("activity.shareHint")}>
        <form className="stack" onSubmit={submit} noValidate>
          <SettingsSelect label={t("activity.action")} value={action} choices={ACTIONS.map((value) => ({ value, label: actionLabel(value) }))} onChange={setAction} />
          <TextField label={t("activity.name")} value={name} maxLength={80} placeholder={t("activity.namePlaceholder")} error={errors.name} onChange={(event) => setName(event.target.value)} />
          <TextField label={t("activity.details")} value={title} maxLength={80} placeholder={t("activity.detailsPlaceholder")} onChange={(event) => setTitle(event.target.value)} />
          <TextField label={t("activity.link")} type="url" value={link} maxLength={299} error={errors.link} onChange={(event) => setLink(event.target.value)} />
          <div className="button-row">
            <Button type="submit" variant="primary">
              {t("activity.save")}
            </Button>
            {sharing && <Button onClick={stop}>{t("activity.clear")}</Button>}
          </div>
        </form>
      </SettingsCard>
    </SettingsPage>
  );
}
