/** The in-app notification stack (two pop-ups at most, newest on top), drawn over the app's corner. */
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { t } from "../i18n/i18n";
import { Icon } from "../ui/Icon";
import { setNotificationOpener } from "./notify";
import { clearToasts, dismissToast, holdToast, resumeToast, useToastStore } from "./toastStore";
import "./notifications.css";

export function NotificationToasts() {
  const toasts = useToastStore((state) => state.toasts);
  const navigate = useNavigate();

  useEffect(() => setNotificationOpener((path) => void navigate(path)), [navigate]);
  // Leaving the app (logging out) drops what was shown: the next person must not see it.
  useEffect(() => clearToasts, []);

  return (
    <section className="notification-toasts" aria-label={t("notifications.toasts")} aria-live="polite" data-testid="notification-toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className="notification-toast"
          data-testid="notification-toast"
          onPointerEnter={() => holdToast(toast.id)}
          onPointerLeave={() => resumeToast(toast.id)}
          onFocus={() => holdToast(toast.id)}
          onBlur={() => resumeToast(toast.id)}
        >
          <button
            type="button"
            className="notification-toast__open"
            onClick={() => {
              dismissToast(toast.id);
              void navigate(toast.path);
            }}
          >
            {toast.iconUrl ? <img className="notification-toast__icon" src={toast.iconUrl} alt="" /> : <Icon name="bell" size={20} />}
            <span className="notification-toast__text">
              <strong className="notification-toast__title">{toast.title}</strong>
              <span className="notification-toast__body">{toast.body}</span>
            </span>
          </button>
          <button type="button" className="notification-toast__close" aria-label={t("notifications.dismiss")} onClick={() => dismissToast(toast.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
