/**
 * What plugins call when a message arrives: decides (`decide.ts`) and then shows a system
 * notification, an in-app pop-up and/or plays a sound. A click on either opens the channel.
 */
import { planMessageNotification, type MessageFacts, type NotificationPlan } from "./decide";
import { showDesktopNotification } from "./desktopNotifications";
import { playNotificationSound } from "./soundPlayer";
import { pushToast } from "./toastStore";

export interface MessageNotice extends Omit<MessageFacts, "pageHidden"> {
  messageId: string;
  channelId: string;
  title: string;
  body: string;
  /** The /app path of the channel (and message). */
  path: string;
  iconUrl?: string;
}

let open: (path: string) => void = (path) => window.location.assign(path);

/** The app layout hands over the router's navigate, so a click opens the channel without a reload. */
export function setNotificationOpener(opener: (path: string) => void): void {
  open = opener;
}

export function openNotificationPath(path: string): void {
  open(path);
}

export function pageHidden(): boolean {
  return document.visibilityState === "hidden";
}

export function notifyMessage(notice: MessageNotice): NotificationPlan {
  const plan = planMessageNotification({ ...notice, pageHidden: pageHidden() });
  if (plan.desktop) {
    showDesktopNotification({ title: notice.title, body: notice.body, tag: notice.channelId, iconUrl: notice.iconUrl, onClick: () => open(notice.path) });
  }
  if (plan.toast) pushToast({ id: notice.messageId, title: notice.title, body: notice.body, path: notice.path, iconUrl: notice.iconUrl });
  if (plan.sound) playNotificationSound(plan.sound);
  return plan;
}
