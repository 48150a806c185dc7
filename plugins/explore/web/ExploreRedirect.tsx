/** /app/explore: the servers section is the only one so far (bots come with applications). */
import { Navigate } from "react-router";

export default function ExploreRedirect() {
  return <Navigate to="/app/explore/servers" replace />;
}
