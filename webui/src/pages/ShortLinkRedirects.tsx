import { Navigate, useParams, useSearchParams } from "react-router";

/** /i/{inviteId} → the explore page for that invite. */
export function InviteRedirect() {
  const { inviteId = "" } = useParams();
  return <Navigate to={`/app/explore/servers/invites/${encodeURIComponent(inviteId)}`} replace />;
}

/** /p/{postId} → the app, which opens the post. */
export function PostRedirect() {
  const { postId = "" } = useParams();
  return <Navigate to={`/app?postId=${encodeURIComponent(postId)}`} replace />;
}

/** /bot/{appId}?perms=N → the app's page that adds that bot to a server. */
export function BotRedirect() {
  const { appId = "" } = useParams();
  const [search] = useSearchParams();
  const perms = search.get("perms");
  return <Navigate to={`/app/bot/${encodeURIComponent(appId)}${perms ? `?perms=${encodeURIComponent(perms)}` : ""}`} replace />;
}

/** /connections/{page}?… — where OAuth providers send the browser back after a link (rest.md §12's
 * `google-redirect`, `<provider>-redirect`) → the connections settings, which finish it. */
export function ConnectionReturnRedirect() {
  const { returnPage = "" } = useParams();
  const [search] = useSearchParams();
  const query = search.toString();
  return <Navigate to={`/app/settings/connections/${encodeURIComponent(returnPage)}${query ? `?${query}` : ""}`} replace />;
}
