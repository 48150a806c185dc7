import { t } from "../i18n/i18n";
import { connectSocket } from "../socket/socketClient";
import { useSocketStore, type AuthenticationErrorData, type SocketState } from "../socket/socketStore";
import { Button } from "../ui/Button";
import { formatDateTime } from "../ui/format";
import { useLogOut } from "./useLogOut";

type BannerState = "hidden" | "connecting" | "queued" | "authenticating" | "error";

function bannerStateOf(socket: SocketState): BannerState {
  if (socket.authenticationError) return "error";
  if (socket.authenticated) return "hidden";
  if (socket.authQueuePos) return "queued";
  return socket.connected ? "authenticating" : "connecting";
}

/** A suspension's reason, end and author, or an IP ban's end (realtime.md §3.3). */
function RefusalDetails({ data }: { data: AuthenticationErrorData | null }) {
  if (!data || (data.type !== "suspend" && data.type !== "ip-ban")) return null;
  const until = data.expire ? t("connection.until", { date: formatDateTime(data.expire) }) : t("connection.permanent");
  return (
    <span className="connection-banner__details" data-testid="refusal-details">
      {data.reason ? `${t("connection.reason", { reason: data.reason })} · ` : ""}
      {until}
      {data.by?.username ? ` · ${t("connection.by", { name: data.by.username })}` : ""}
    </span>
  );
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
        <div className="connection-banner__text">
          <span>{t("connection.error", { message: socket.authenticationError ?? "" })}</span>
          <RefusalDetails data={socket.authenticationErrorData} />
        </div>
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
