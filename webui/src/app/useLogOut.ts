import { useState } from "react";
import { useNavigate } from "react-router";
import { logOut } from "../session/session";

/** Signs out (server and browser) and returns to the login page. */
export function useLogOut() {
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  const logOutAndLeave = async () => {
    setLoggingOut(true);
    await logOut();
    navigate("/login", { replace: true });
  };

  return { loggingOut, logOutAndLeave };
}
