import { cdnUrl } from "@hearth/api/cdn";
import { ProgressBar } from "@hearth/ui/ProgressBar";
import { formatBytesPerSecond } from "@hearth/ui/format";
import { Icon } from "@hearth/ui/Icon";
import { t } from "../i18n";
import type { Attachment, Message } from "../types";
import { formatFileSize } from "./format";

const MAX_SIDE = 320;

function fitted(width: number | null | undefined, height: number | null | undefined) {
  if (!width || !height) return { maxWidth: MAX_SIDE, maxHeight: MAX_SIDE };
  const scale = Math.min(1, MAX_SIDE / width, MAX_SIDE / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function fileName(attachment: Attachment): string {
  return decodeURIComponent(attachment.path?.split("/").pop() ?? t("attachments.file"));
}

export function AttachmentView({ attachment }: { attachment: Attachment }) {
  if (!attachment.path) return null;
  const url = cdnUrl(attachment.path);
  const mime = attachment.mime ?? "";
  const name = fileName(attachment);
  if (mime.startsWith("image/")) {
    return (
      <a className="attachment attachment--image" href={url} target="_blank" rel="noopener noreferrer" aria-label={name}>
        <img src={url} alt={name} loading="lazy" style={fitted(attachment.width, attachment.height)} />
      </a>
    );
  }
  if (mime.startsWith("video/")) {
    return <video className="attachment attachment--video" src={url} controls preload="metadata" aria-label={name} />;
  }
  if (mime.startsWith("audio/")) {
    return <audio className="attachment attachment--audio" src={url} controls preload="metadata" aria-label={name} />;
  }
  return (
    <a className="attachment attachment--file" href={url} download={name} aria-label={t("message.download", { name })}>
      <Icon name="file" />
      <span className="attachment__name">{name}</span>
      {attachment.filesize ? <span className="attachment__size">{formatFileSize(attachment.filesize)}</span> : null}
    </a>
  );
}

export function MessageAttachments({ message }: { message: Message }) {
  const uploading = message.uploadingAttachment;
  return (
    <>
      {uploading && (
        <div className="message__upload">
          <ProgressBar
            percent={uploading.progress}
            label={t("message.uploading", { name: uploading.name, percent: uploading.progress })}
            detail={`${uploading.progress}% · ${formatBytesPerSecond(uploading.speed)}`}
          />
          <span className="message__upload-name">{uploading.name}</span>
        </div>
      )}
      {message.attachments?.map((attachment) => <AttachmentView key={attachment.id} attachment={attachment} />)}
    </>
  );
}
