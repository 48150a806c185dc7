import { describeError } from "@hearth/api/requestErrors";
import type { UploadProgress } from "@hearth/api/upload";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { Icon } from "@hearth/ui/Icon";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { ProgressBar } from "@hearth/ui/ProgressBar";
import { MarkupTextarea } from "@hearth/ui/suggest/MarkupTextarea";
import { mentionProviders } from "@hearth/ui/suggest/mentionProviders";
import { mentionLabels } from "@hearth/ui/suggest/mentions";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { createPost } from "./api";
import { t } from "./i18n";
import { postMentionSource } from "./mentionSource";
import { PostIcon } from "./PostIcon";
import type { Post } from "./types";
import { uploadPostImage } from "./uploadImage";

const SUPPORTER = 8;
const MAX_CHOICES = 6;
const MAX_CHOICE_LENGTH = 56;

function formatSpeed(bytesPerSecond: number): string {
  return bytesPerSecond >= 1_048_576 ? `${(bytesPerSecond / 1_048_576).toFixed(1)} MB/s` : `${Math.round(bytesPerSecond / 1024)} KB/s`;
}

function ImagePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? <img src={url} alt="" /> : null;
}

function PollEditor({ choices, onChange }: { choices: string[]; onChange: (choices: string[]) => void }) {
  return (
    <fieldset className="post-composer-poll">
      <legend>{t("composer.pollTitle")}</legend>
      {choices.map((choice, index) => (
        <div key={index} className="post-composer-poll__row">
          <input
            className="field__input"
            value={choice}
            maxLength={MAX_CHOICE_LENGTH}
            placeholder={t("composer.choice", { number: index + 1 })}
            aria-label={t("composer.choice", { number: index + 1 })}
            onChange={(event) => onChange(choices.map((c, i) => (i === index ? event.target.value : c)))}
          />
          {choices.length > 2 && (
            <button type="button" className="icon-button" aria-label={t("composer.removeChoice", { number: index + 1 })}
              onClick={() => onChange(choices.filter((_, i) => i !== index))}>
              <Icon name="close" size={16} />
            </button>
          )}
        </div>
      ))}
      {choices.length < MAX_CHOICES && (
        <Button variant="ghost" onClick={() => onChange([...choices, ""])}>
          {t("composer.addChoice")}
        </Button>
      )}
    </fieldset>
  );
}

interface ComposerProps {
  /** Makes the post a reply to this one. */
  replyTo?: string;
  onPosted: (post: Post) => void;
  autoFocus?: boolean;
}

/** Write a post: text, one picture (uploaded with progress first), a poll of up to six choices. */
export function Composer({ replyTo, onPosted, autoFocus = false }: ComposerProps) {
  const user = useSelfUserStore((state) => state.user);
  const limit = user && user.badges & SUPPORTER ? 1500 : 500;
  const [content, setContent] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [choices, setChoices] = useState<string[] | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  // `@` finds people through the user search (the social plugin's route); a pick is `[@:<id>]`.
  const searchable = usePluginLoaded("social");
  const providers = useMemo(() => (searchable ? mentionProviders(postMentionSource) : []), [searchable]);
  const labelOf = useMemo(() => mentionLabels(undefined), []);

  const pollChoices = (choices ?? []).map((c) => c.trim()).filter(Boolean);
  const tooLong = content.length > limit;
  const ready = (content.trim() || image) && !tooLong && (choices === null || pollChoices.length >= 2);

  const submit = async () => {
    if (!user || !ready) return;
    setBusy(true);
    setError(null);
    try {
      let fileId: string | undefined;
      if (image) {
        setProgress({ percent: 0, bytesPerSecond: 0 });
        fileId = (await uploadPostImage(image, user.id, setProgress)).fileId;
      }
      const post = await createPost({
        content: content.trim() || undefined,
        postId: replyTo,
        nerimityCdnFileId: fileId,
        poll: choices ? { choices: pollChoices } : undefined,
      });
      setContent("");
      setImage(null);
      setChoices(null);
      onPosted(post);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <form className="post-composer" data-testid="post-composer" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <label htmlFor={textId} className="visually-hidden">{replyTo ? t("composer.replyLabel") : t("composer.label")}</label>
      <MarkupTextarea
        id={textId}
        textareaRef={textRef}
        className="field__input post-composer__text"
        value={content}
        onValueChange={setContent}
        labelOf={labelOf}
        providers={providers}
        listId={`${textId}-suggestions`}
        rows={replyTo ? 2 : 3}
        autoFocus={autoFocus}
        placeholder={replyTo ? t("composer.replyPlaceholder") : t("composer.placeholder")}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit();
        }}
      />
      {image && (
        <div className="post-composer__image">
          <ImagePreview file={image} />
          <span className="post-composer__image-name">{image.name}</span>
          <button type="button" className="icon-button" aria-label={t("composer.removeImage")} disabled={busy}
            onClick={() => setImage(null)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      {progress && (
        <ProgressBar percent={progress.percent} label={t("composer.uploading")}
          detail={`${progress.percent}% · ${formatSpeed(progress.bytesPerSecond)}`} />
      )}
      {choices && <PollEditor choices={choices} onChange={setChoices} />}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="post-composer__bar">
        <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden
          data-testid="post-image-input"
          onChange={(event) => {
            setImage(event.target.files?.[0] ?? null);
            event.target.value = "";
          }} />
        <button type="button" className="icon-button" aria-label={t("composer.addImage")} title={t("composer.addImage")}
          disabled={busy} onClick={() => fileInput.current?.click()}>
          <PostIcon name="image" />
        </button>
        {!replyTo && (
          <button type="button" className={`icon-button${choices ? " post-composer__toggle--on" : ""}`}
            aria-label={choices ? t("composer.removePoll") : t("composer.addPoll")} aria-pressed={choices !== null}
            title={choices ? t("composer.removePoll") : t("composer.addPoll")} disabled={busy}
            onClick={() => setChoices(choices ? null : ["", ""])}>
            <PostIcon name="poll" />
          </button>
        )}
        <span className={`post-composer__count ${tooLong ? "post-composer__count--over" : "muted"}`} aria-live="polite">{content.length}/{limit}</span>
        <Button type="submit" variant="primary" loading={busy} disabled={!ready}>
          {replyTo ? t("composer.reply") : t("composer.post")}
        </Button>
      </div>
    </form>
  );
}
