import { Navigate, useParams } from "react-router";

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
