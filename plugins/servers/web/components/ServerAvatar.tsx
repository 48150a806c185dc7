import { cdnUrl } from "@hearth/api/cdn";
import { initialsColours } from "@hearth/ui/colour";
import type { Server } from "../types";

/** Initials of a server name: the first letter of up to three words. */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 3)
      .map((word) => Array.from(word)[0] ?? "")
      .join("")
      .toUpperCase() || "?"
  );
}

/** The server's picture, or its initials on its colour. */
export function ServerAvatar({ server, size = 48 }: { server: Pick<Server, "name" | "avatar" | "hexColor">; size?: number }) {
  const style = { width: size, height: size, fontSize: size * 0.34, ...initialsColours(server.hexColor) };
  if (server.avatar) return <img className="server-avatar" src={cdnUrl(server.avatar)} alt="" style={style} />;
  return (
    <span className="server-avatar server-avatar--initials" style={style} aria-hidden="true">
      {initials(server.name)}
    </span>
  );
}
