import { proxyUrl } from "@hearth/api/cdn";
import { ExternalLink } from "@hearth/ui/externalLink/ExternalLink";
import { memo, useState } from "react";
import { t } from "../i18n";
import type { Embed } from "../types";
import "./messageEmbed.css";

/** Largest box of a direct image or a large card image, and of a card's thumbnail. */
const IMAGE_BOX = { width: 400, height: 300 };
const THUMBNAIL_BOX = { width: 80, height: 80 };

const isHttpUrl = (value: unknown): value is string => typeof value === "string" && /^https?:\/\/[^/\s]/i.test(value);

/**
 * The size an image is drawn at, known before it loads (so the virtualised list keeps its
 * place): scaled down to fit the box, never up. `maxWidth: 100%` with the aspect ratio lets
 * it shrink further on a narrow screen without changing shape.
 */
export function fittedSize(width: number | undefined, height: number | undefined, box: { width: number; height: number }) {
  if (!width || !height || width <= 0 || height <= 0) return null;
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function EmbedImage({ embed, box, className, href }: { embed: Embed; box: { width: number; height: number }; className: string; href: string }) {
  const [failed, setFailed] = useState(false);
  const size = fittedSize(embed.imageWidth, embed.imageHeight, box);
  if (!size || failed || !isHttpUrl(embed.imageUrl)) return null;
  const label = embed.title ? t("embed.imageOf", { title: embed.title }) : t("embed.image");
  return (
    <ExternalLink href={href} className={className}>
      <img
        src={proxyUrl(embed.imageUrl)}
        alt={label}
        width={size.width}
        height={size.height}
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        data-animated={embed.animated || undefined}
        onError={() => setFailed(true)}
      />
    </ExternalLink>
  );
}

/** A message's link preview (entities.md §6.4): a direct image, or a card with site, title, description and image. */
function MessageEmbedView({ embed }: { embed: Embed }) {
  if (embed.type === "image") {
    if (!isHttpUrl(embed.imageUrl)) return null;
    return (
      <div className="message-embed message-embed--image" data-testid="message-embed">
        <EmbedImage embed={embed} box={IMAGE_BOX} className="message-embed__image" href={embed.imageUrl} />
      </div>
    );
  }
  const link = isHttpUrl(embed.url) ? embed.url : isHttpUrl(embed.origUrl) ? embed.origUrl : null;
  if (!link || (!embed.title && !embed.description)) return null;
  const large = Boolean(embed.largeImage);
  const siteName = embed.siteName || embed.domain;
  return (
    <div
      className={`message-embed message-embed--card${large ? " message-embed--large" : ""}`}
      data-testid="message-embed"
      role="group"
      aria-label={t("embed.label")}
    >
      <div className="message-embed__text">
        {siteName && <div className="message-embed__site">{siteName}</div>}
        {embed.title && (
          <ExternalLink href={link} className="message-embed__title">
            {embed.title}
          </ExternalLink>
        )}
        {embed.description && <p className="message-embed__description">{embed.description}</p>}
      </div>
      <EmbedImage
        embed={embed}
        box={large ? IMAGE_BOX : THUMBNAIL_BOX}
        className={large ? "message-embed__image" : "message-embed__thumbnail"}
        href={link}
      />
    </div>
  );
}

export const MessageEmbed = memo(MessageEmbedView);
