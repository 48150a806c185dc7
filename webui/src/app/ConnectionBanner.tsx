import { t } from "../i18n/i18n";
import { connectSocket } from "../socket/socketClient";
import { useSocketStore, type SocketState } from "../socket/socketStore";
import { Button } from "../ui/Button";
import { useLogOut } from "./useLogOut";

type BannerState = "hidden" | "connecting" | "queued" | "authenticating" | "error";

function bannerStateOf(socket: SocketState): BannerState {
  if (socket.authenticationError) return "error";
  if (socket.authenticated) return "hidden";
  if (socket.authQueuePos) return "queued";
  return socket.connected ? "authenticating" : "connecting";
}

/** Tells the user why the app is not live yet: connecting, waiting in the sign-in queue, or refused. */
export function ConnectionBanner() {
  const socket = useSocketStore();
  const { loggingOut, logOutAndLeave } = useLogOut();
  const state = bannerStateOf(socket);
  if (state === "hidden") return null;

  if (state === "error") {
    return (
      <div className="connection-banner connection-banner--error" role="alert" data-testid="connection-banner" data-state={state}>
        <span>{t("connection.error", { message: socket.authenticationError ?? "" })}</span>
        <div className="connection-banner__actions">
          <Button onClick={connectSocket}>{t("connection.retry")}</Button>
          <Button variant="danger" loading={loggingOut} onClick={logOutAndLeave} data-testid="banner-logout">
            {t("userArea.logOut")}
          </Button>
        </div>
      </div>
    );
  }

  const text =
    state === "queued" ? t("connection.queued", { pos: socket.authQueuePos ?? 0 }) : t(`connection.${state}`);
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner" data-state={state}>
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
