/** /app/explore: opens the servers section (the bots section is /app/explore/bots, from the applications bundle). */
import { Navigate } from "react-router";

export default function ExploreRedirect() {
  return <Navigate to="/app/explore/servers" replace />;
}
