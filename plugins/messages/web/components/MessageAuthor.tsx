/**
 * Authors that are not users: a webhook's messages (entities.md §6.6) carry a pseudo-user
 * with `bot: true`, `tag: "0000"` and maybe an external `avatarUrl` (prefixed with "a" when
 * animated). Everything here is driven by the message data; no other bundle is imported.
 */
import { proxyUrl } from "@hearth/api/cdn";
import { Avatar } from "@hearth/ui/Avatar";
import { safeColour } from "@hearth/ui/safeStyle";
import { useState } from "react";
import { t } from "../i18n";
import type { Message, PublicUser } from "../types";
import "./messageAuthor.css";

export function isWebhookMessage(message: Pick<Message, "webhookId">): boolean {
  return Boolean(message.webhookId);
}

/** The override avatar as a usable http(s) URL, or null (the "a" animated prefix removed). */
export function externalAvatarUrl(user: Pick<PublicUser, "avatarUrl">): string | null {
  const raw = user.avatarUrl;
  if (!raw) return null;
  const url = /^ahttps?:\/\//i.test(raw) ? raw.slice(1) : raw;
  return /^https?:\/\//i.test(url) ? url : null;
}

/** The author's picture: an override avatar through Hearth's image proxy, else the usual avatar. */
export function AuthorAvatar({ user, size }: { user: PublicUser; size: number }) {
  const url = externalAvatarUrl(user);
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return <Avatar user={user} size={size} />;
  return (
    <img
      className="avatar"
      src={proxyUrl(url)}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size, background: safeColour(user.hexColor), objectFit: "cover" }}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(url)}
    />
  );
}

/** The tag after a webhook's name. */
export function WebhookTag() {
  return (
    <span className="message__badge message__badge--webhook" data-testid="webhook-tag">
      {t("message.webhookTag")}
    </span>
  );
}
