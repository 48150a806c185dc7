import { cdnUrl } from "@hearth/api/cdn";
import { describeError } from "@hearth/api/requestErrors";
import { Icon } from "@hearth/ui/Icon";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { fetchAttachments } from "../api";
import { t } from "../i18n";
import { useMessageStore } from "../store/messageStore";
import type { Attachment } from "../types";

/** Files shared in a channel (rest.md §3.20), newest first, as a grid of thumbnails and file links. */
export function AttachmentGallery({ channelId, limit = 50 }: { channelId: string; limit?: number }) {
  const [attachments, setAttachments] = useState<Attachment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Fetch again when a message with a file arrives or goes (the list may be open beside the chat).
  const loadedFiles = useMessageStore(
    (state) => state.channels[channelId]?.messages.filter((message) => !message.local && message.attachments?.length).length ?? 0,
  );

  useEffect(() => {
    let active = true;
    setError(null);
    fetchAttachments(channelId, { limit })
      .then((list) => active && setAttachments(list))
      .catch((failure: unknown) => active && setError(describeError(failure)));
    return () => {
      active = false;
    };
  }, [channelId, limit, loadedFiles]);

  if (error) return <p className="form-error">{error}</p>;
  if (!attachments) {
    return (
      <PaneLoading label={t("attachments.loading")} />
    );
  }
  if (!attachments.length) return <p className="muted attachment-gallery__empty">{t("attachments.empty")}</p>;
  return (
    <ul className="attachment-gallery" aria-label={t("attachments.title")}>
      {attachments.map((attachment) => {
        if (!attachment.path) return null;
        const url = cdnUrl(attachment.path);
        const name = decodeURIComponent(attachment.path.split("/").pop() ?? t("attachments.file"));
        const image = attachment.mime?.startsWith("image/");
        return (
          <li key={attachment.id}>
            <a className="attachment-gallery__item" href={url} target="_blank" rel="noopener noreferrer" title={name} aria-label={name}>
              {image ? <img src={url} alt="" loading="lazy" /> : <Icon name="file" />}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
