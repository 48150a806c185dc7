/**
 * "Edit post": a post's title and tags. Moderated tags are for moderators: anyone else sees those
 * on the post as they are, and cannot add them. Everyone viewing the forum sees the change live.
 */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useState, type FormEvent } from "react";
import { updatePost } from "./forumsApi";
import { postChanged } from "./forumsStore";
import { t } from "./i18n";
import type { Forum, ForumPost } from "./types";

const MAX_TAGS = 5;

export interface EditPostRequest {
  forum: Forum;
  post: ForumPost;
  moderator: boolean;
}

function EditPostPanel({ request, close }: { request: EditPostRequest; close: () => void }) {
  const { forum, post, moderator } = request;
  const [title, setTitle] = useState(post.title);
  const [tagIds, setTagIds] = useState<string[]>(post.tagIds);
  const action = useFormAction(["title", "tagIds"] as const);
  const shown = forum.tags.filter((tag) => moderator || !tag.moderated || post.tagIds.includes(tag.id));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const saved = await updatePost(post.id, { title: title.trim(), tagIds });
      postChanged(forum.channelId, post.id, { title: saved.title, tagIds: saved.tagIds });
      close();
    });
  };
  const toggle = (tagId: string) => setTagIds((current) => (current.includes(tagId) ? current.filter((id) => id !== tagId) : [...current, tagId].slice(0, MAX_TAGS)));

  return (
    <ModalPanel title={t("post.edit")} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate data-testid="forum-edit-post-form">
        <TextField label={t("newPost.postTitle")} name="title" autoFocus maxLength={100} value={title} onChange={(event) => setTitle(event.target.value)} error={action.errors.fields.title} />
        {shown.length > 0 && (
          <fieldset className="forum-new-post__tags">
            <legend className="field__label">{t("newPost.tags")}</legend>
            {shown.map((tag) => {
              const locked = tag.moderated && !moderator;
              return (
                <button
                  key={tag.id}
                  type="button"
                  className={`forum-tag forum-tag--filter${tagIds.includes(tag.id) ? " forum-tag--on" : ""}`}
                  aria-pressed={tagIds.includes(tag.id)}
                  disabled={locked}
                  title={locked ? t("settings.moderatedHint") : undefined}
                  onClick={() => toggle(tag.id)}
                  data-testid="forum-edit-post-tag"
                >
                  {tag.name}
                </button>
              );
            })}
          </fieldset>
        )}
        <FormError message={action.errors.general ?? action.errors.fields.tagIds ?? null} />
        <div className="button-row button-row--end">
          <Button type="button" onClick={close}>
            {t("newPost.cancel")}
          </Button>
          <Button type="submit" variant="primary" loading={action.pending} disabled={!title.trim()}>
            {t("settings.save")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

export function openEditPostModal(request: EditPostRequest): void {
  openModal((close) => <EditPostPanel request={request} close={close} />);
}
