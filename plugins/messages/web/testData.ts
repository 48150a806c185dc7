/** What other bundles' tests may use to act as the server towards the messages bundle. */
import { messageSocketHandlers } from "./socketHandlers";

/** The server's `notification:dismissed` for a channel, as the socket delivers it. */
export function receiveDismissed(channelId: string): void {
  messageSocketHandlers["notification:dismissed"]({ channelId });
}
