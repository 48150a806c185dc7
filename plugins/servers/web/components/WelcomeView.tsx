/** /app/servers/{id}/welcome: a simple welcome to the server. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { Link } from "react-router";
import { serverSlots } from "../slots";
import { useMemberCounts, useServer } from "../hooks";
import { t } from "../i18n";
import { ScheduledDeletionBanner } from "./ScheduledDeletionBanner";
import { ServerAvatar } from "./ServerAvatar";

export function WelcomeView({ serverId }: { serverId: string }) {
  const server = useServer(serverId);
  const counts = useMemberCounts(serverId);
  const blocks = serverSlots.welcomeBlocks.use();
  if (!server) return null;
  return (
    <div className="server-welcome" data-testid="server-welcome">
      <LayoutSlot name="headerTitle">{t("welcome.pageTitle")}</LayoutSlot>
      <ScheduledDeletionBanner serverId={serverId} />
      <div
        className="server-welcome__banner"
        style={bannerStyle(server.banner, server.hexColor)}
      />
      <div className="server-welcome__body">
        <ServerAvatar server={server} size={88} />
        <h2>{t("welcome.title", { name: server.name })}</h2>
        {counts && <p className="muted">{t("welcome.members", { count: counts.count })}</p>}
        {blocks.map((Block, index) => (
          <Block key={index} serverId={serverId} />
        ))}
        <Link className="button button--primary" to={`/app/servers/${serverId}`}>
          {t("welcome.start")}
        </Link>
      </div>
    </div>
  );
}
