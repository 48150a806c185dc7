/** The two moderation routes the app calls at start-up (the staff badge, a warning's dismissal),
 * apart from `moderationApi.ts`, which loads with the moderation pages. */
import { request } from "@hearth/api/request";

export const waitingTickets = (): Promise<unknown[]> =>
  request({ path: "/moderation/tickets", query: { status: 0, limit: 30 } });

export const dismissNotice = (noticeId: string) =>
  request({ method: "DELETE", path: `/users/notices/${encodeURIComponent(noticeId)}` });
