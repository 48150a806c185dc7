/** Ctrl/Cmd+K anywhere in the app opens the search box, scoped to where the user is. */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { contextOf, openSearch, withChannelName } from "./openSearch";

export function SearchShortcut() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        openSearch(withChannelName(contextOf(location.pathname)), navigate);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [location.pathname, navigate]);
  return null;
}
