/** The channel editor's "Forum" tab (moderators): guidelines, default sort, and the tag set. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { useEffect, useId, useState, type FormEvent } from "react";
import { errorText, type ChannelEditorTabProps } from "../../servers/web/public";
import { addTag, deleteTag, getForum, updateForum, updateTag } from "./forumsApi";
import { rememberForum, useForumsStore } from "./forumsStore";
import { t } from "./i18n";
import type { ForumSort } from "./types";
import "./forums.css";

export function ForumSettingsTab({ channelId }: ChannelEditorTabProps) {
  const forum = useForumsStore((state) => state.forums[channelId]);
  const [guidelines, setGuidelines] = useState<string | null>(null);
  const [sort, setSort] = useState<ForumSort | null>(null);
  const [tagName, setTagName] = useState("");
  const [moderated, setModerated] = useState(false);
  const [tagError, setTagError] = useState<string | null>(null);
  const save = useFormAction(["guidelines", "defaultSort"] as const);
  const add = useFormAction(["name", "moderated"] as const);
  const guidelinesId = useId();
  const sortId = useId();

  useEffect(() => {
    getForum(channelId).then(rememberForum, () => undefined);
  }, [channelId]);
  if (!forum) return null;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => {
      rememberForum(await updateForum(channelId, { guidelines: guidelines ?? forum.guidelines, defaultSort: sort ?? forum.defaultSort }));
      setGuidelines(null);
      setSort(null);
    });
  };
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    void add.run(async () => {
      await addTag(channelId, tagName.trim(), moderated);
      rememberForum(await getForum(channelId));
      setTagName("");
      setModerated(false);
    });
  };
  const change = (action: Promise<unknown>) =>
    action.then(
      async () => {
        setTagError(null);
        rememberForum(await getForum(channelId));
      },
      (error: unknown) => setTagError(errorText(error, t("settings.failed"))),
    );

  return (
    <div className="stack forum-settings" data-testid="forum-settings">
      <form className="stack" onSubmit={onSave} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={guidelinesId}>
            {t("settings.guidelines")}
          </label>
          <textarea id={guidelinesId} className="field__input" rows={4} maxLength={1000} value={guidelines ?? forum.guidelines} onChange={(event) => setGuidelines(event.target.value)} data-testid="forum-guidelines-input" />
          <p className="field__hint">{t("settings.guidelinesHint")}</p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={sortId}>
            {t("settings.defaultSort")}
          </label>
          <select id={sortId} className="field__input" value={sort ?? forum.defaultSort} onChange={(event) => setSort(event.target.value as ForumSort)}>
            <option value="activity">{t("view.sortActivity")}</option>
            <option value="created">{t("view.sortCreated")}</option>
          </select>
        </div>
        <FormError message={save.errors.general ?? save.errors.fields.guidelines ?? save.errors.fields.defaultSort ?? null} />
        <div className="button-row">
          <Button type="submit" variant="primary" loading={save.pending} disabled={guidelines === null && sort === null}>
            {t("settings.save")}
          </Button>
        </div>
      </form>
      <h4>{t("settings.tags")}</h4>
      <ul className="forum-settings__tags">
        {forum.tags.map((tag) => (
          <li key={tag.id} className="forum-settings__tag" data-testid="forum-settings-tag">
            <span className="forum-tag">{tag.name}</span>
            <label className="forum-settings__moderated">
              <input type="checkbox" checked={tag.moderated} onChange={(event) => void change(updateTag(channelId, tag.id, { moderated: event.target.checked }))} />
              {t("settings.moderated")}
            </label>
            <Button onClick={() => void change(deleteTag(channelId, tag.id))} aria-label={t("settings.removeTag", { name: tag.name })}>
              {t("settings.remove")}
            </Button>
          </li>
        ))}
      </ul>
      {tagError && (
        <p className="field__error" role="alert">
          {tagError}
        </p>
      )}
      <form className="forum-settings__add" onSubmit={onAdd} noValidate>
        <TextField label={t("settings.tagName")} name="tagName" maxLength={20} value={tagName} onChange={(event) => setTagName(event.target.value)} error={add.errors.fields.name} data-testid="forum-tag-name" />
        <label className="forum-settings__moderated">
          <input type="checkbox" checked={moderated} onChange={(event) => setModerated(event.target.checked)} />
          {t("settings.moderatedHint")}
        </label>
        <FormError message={add.errors.general} />
        <Button type="submit" loading={add.pending} disabled={!tagName.trim()} data-testid="forum-add-tag">
          {t("settings.addTag")}
        </Button>
      </form>
    </div>
  );
}

export default ForumSettingsTab;
