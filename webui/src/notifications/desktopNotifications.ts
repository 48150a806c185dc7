/**
 * System notifications through the browser's Notification API, for a tab that is hidden. The
 * switch is a local setting; the browser's permission is asked when the user turns it on.
 */
import { useEffect, useState } from "react";
import { getLocalSetting, setLocalSetting } from "../settings/localSettings";

export type DesktopPermission = NotificationPermission | "unsupported";

export function desktopPermission(): DesktopPermission {
  return typeof window === "undefined" || !("Notification" in window) ? "unsupported" : Notification.permission;
}

/** Turns desktop notifications on (asking the browser first) or off; resolves with the permission. */
export async function setDesktopNotifications(enabled: boolean): Promise<DesktopPermission> {
  if (!enabled) {
    setLocalSetting("desktopNotifications", false);
    return desktopPermission();
  }
  if (desktopPermission() === "unsupported") return "unsupported";
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  setLocalSetting("desktopNotifications", permission === "granted");
  return permission;
}

export interface DesktopNotice {
  title: string;
  body: string;
  /** Notifications with the same tag replace each other (one per channel). */
  tag: string;
  iconUrl?: string;
  onClick: () => void;
}

/** Shows a system notification when the user turned them on and the browser allows it. */
export function showDesktopNotification(notice: DesktopNotice): boolean {
  if (!getLocalSetting("desktopNotifications") || desktopPermission() !== "granted") return false;
  try {
    // silent: Hearth plays its own sound, with the user's choice and volume.
    const notification = new Notification(notice.title, { body: notice.body, tag: notice.tag, icon: notice.iconUrl, silent: true });
    notification.onclick = () => {
      window.focus();
      notice.onClick();
      notification.close();
    };
    return true;
  } catch {
    // Some mobile browsers only allow notifications from a service worker.
    return false;
  }
}

/** The browser's permission, kept up to date when the user changes it in the site settings. */
export function useDesktopPermission(): [DesktopPermission, (permission: DesktopPermission) => void] {
  const [permission, setPermission] = useState(desktopPermission);
  useEffect(() => {
    const refresh = () => setPermission(desktopPermission());
    let status: PermissionStatus | null = null;
    navigator.permissions
      ?.query({ name: "notifications" })
      .then((found) => {
        status = found;
        status.addEventListener("change", refresh);
      })
      .catch(() => undefined);
    window.addEventListener("focus", refresh);
    return () => {
      status?.removeEventListener("change", refresh);
      window.removeEventListener("focus", refresh);
    };
  }, []);
  return [permission, setPermission];
}
