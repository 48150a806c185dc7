/** "New post": the forum's guidelines first, then a title, the opening message and tags. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { useId, useState, type FormEvent } from "react";
import { createPost } from "./forumsApi";
import { postCreated } from "./forumsStore";
import { t } from "./i18n";
import type { Forum } from "./types";

export interface NewPostRequest {
  forum: Forum;
  moderator: boolean;
}

function NewPostPanel({ request, close }: { request: NewPostRequest; close: () => void }) {
  const { forum, moderator } = request;
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [tagIds, setTagIds] = useState<string[]>([]);
  const action = useFormAction(["title", "content", "tagIds"] as const);
  const contentId = useId();
  const guidelinesId = useId();
  const usable = forum.tags.filter((tag) => moderator || !tag.moderated);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const post = await createPost(forum.channelId, { title: title.trim(), content: content.trim(), tagIds });
      postCreated(forum.channelId, post);
      close();
    });
  };
  const toggle = (tagId: string) => setTagIds((current) => (current.includes(tagId) ? current.filter((id) => id !== tagId) : [...current, tagId].slice(0, 5)));

  return (
    <ModalPanel title={t("newPost.title")} onClose={close}>
      <form className="stack" onSubmit={onSubmit} noValidate data-testid="forum-new-post-form" aria-describedby={forum.guidelines ? guidelinesId : undefined}>
        {forum.guidelines && (
          <div className="forum-guidelines" id={guidelinesId} data-testid="forum-guidelines">
            <strong>{t("newPost.guidelines")}</strong>
            <p>{forum.guidelines}</p>
          </div>
        )}
        <TextField label={t("newPost.postTitle")} name="title" autoFocus maxLength={100} value={title} onChange={(event) => setTitle(event.target.value)} error={action.errors.fields.title} />
        <div className="field">
          <label className="field__label" htmlFor={contentId}>
            {t("newPost.content")}
          </label>
          <textarea id={contentId} className="field__input forum-new-post__content" name="content" rows={5} maxLength={2000} value={content} onChange={(event) => setContent(event.target.value)} />
          {action.errors.fields.content && <p className="field__error">{action.errors.fields.content}</p>}
        </div>
        {usable.length > 0 && (
          <fieldset className="forum-new-post__tags">
            <legend className="field__label">{t("newPost.tags")}</legend>
            {usable.map((tag) => (
              <button key={tag.id} type="button" className={`forum-tag forum-tag--filter${tagIds.includes(tag.id) ? " forum-tag--on" : ""}`} aria-pressed={tagIds.includes(tag.id)} onClick={() => toggle(tag.id)} data-testid="forum-new-post-tag">
                {tag.name}
              </button>
            ))}
          </fieldset>
        )}
        <FormError message={action.errors.general ?? action.errors.fields.tagIds ?? null} />
        <div className="button-row button-row--end">
          <Button type="button" onClick={close}>
            {t("newPost.cancel")}
          </Button>
          <Button type="submit" variant="primary" loading={action.pending} disabled={!title.trim() || !content.trim()}>
            {t("newPost.submit")}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

export function openNewPostModal(request: NewPostRequest): void {
  openModal((close) => <NewPostPanel request={request} close={close} />);
}
