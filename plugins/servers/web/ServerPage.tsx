/**
 * /app/servers/{serverId}[/{channelId} | /welcome | /members | /settings/{section}…]: the
 * server's channel list in the side pane, its members in the right drawer, and the page.
 */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useMemo, type ReactNode } from "react";
import { Link, Navigate, Route, Routes, useParams } from "react-router";
import { ChannelSidebar } from "./components/ChannelSidebar";
import { useChannelDrawerTaken } from "./channelDrawer";
import { useChannelKind } from "./slots";
import { MemberList } from "./components/MemberList";
import { ServerChannelView } from "./components/ServerChannelView";
import { WelcomeView } from "./components/WelcomeView";
import { useMemberCounts, useSelfId, useServer } from "./hooks";
import { t } from "./i18n";
import { resolveChannelRoute, useServersStore } from "./serversStore";
import type { ServerChannel } from "./types";
import "./servers.css";

/** Server settings are opened by few and seldom: they load when opened, not with every channel. */
const SettingsView = lazyComponent(async () => (await import("./settings/SettingsView")).SettingsView, PaneLoading);

function NotInServer() {
  return (
    <div className="server-missing" data-testid="server-missing">
      <h2>{t("page.missingTitle")}</h2>
      <p className="muted">{t("page.missingText")}</p>
      <Link to="/app">{t("page.home")}</Link>
    </div>
  );
}

/** Waits for the server (it may be on its way after a create or join); shows "not found" when it is not the user's. */
function ServerGate({ children }: { children: (serverId: string) => ReactNode }) {
  const serverId = useParams().serverId ?? "";
  const server = useServer(serverId);
  const ready = useServersStore((state) => state.ready);
  const expected = useServersStore((state) => Boolean(state.expected[serverId]));
  if (!server) return !ready || expected ? <PaneLoading label={t("page.loading")} /> : <NotInServer />;
  return <>{children(serverId)}</>;
}

/** The side pane's channel list and the drawer's member list, around a page of the server. */
function ServerFrame({ serverId, activeChannelId, drawer: wanted = true, children }: { serverId: string; activeChannelId?: string; drawer?: boolean; children: ReactNode }) {
  const counts = useMemberCounts(serverId);
  const drawerTaken = useChannelDrawerTaken();
  const drawer = wanted && !drawerTaken;
  return (
    <>
      <LayoutSlot name="sidePane">
        <ChannelSidebar serverId={serverId} activeChannelId={activeChannelId} />
      </LayoutSlot>
      {drawer && <LayoutSlot name="drawerTitle">{counts ? t("members.title", { count: counts.count }) : t("members.pageTitle")}</LayoutSlot>}
      {drawer && (
        <LayoutSlot name="drawer">
          <MemberList serverId={serverId} />
        </LayoutSlot>
      )}
      {children}
    </>
  );
}

/** A text channel's messages, or the view of a kind another bundle brought (forums). */
function ShownChannel({ serverId, channel }: { serverId: string; channel: ServerChannel }) {
  const kind = useChannelKind(channel.type);
  if (kind) return <kind.view serverId={serverId} channel={channel} />;
  return <ServerChannelView serverId={serverId} channel={channel} />;
}

function ChannelPage({ serverId }: { serverId: string }) {
  const { channelId } = useParams();
  const state = useServersStore();
  const selfId = useSelfId();
  const route = useMemo(() => resolveChannelRoute(state, serverId, channelId, selfId), [state, serverId, channelId, selfId]);
  const content = (() => {
    switch (route.kind) {
      case "loading":
        return <PaneLoading label={t("page.loading")} />;
      case "missing":
        return <NotInServer />;
      case "redirect":
        return <Navigate to={`/app/servers/${serverId}/${route.channelId}`} replace />;
      case "empty":
        return (
          <div className="server-missing">
            <p className="muted">{t("page.noChannels")}</p>
          </div>
        );
      case "show":
        return <ShownChannel serverId={serverId} channel={route.channel} />;
    }
  })();
  return (
    <ServerFrame serverId={serverId} activeChannelId={route.kind === "show" ? route.channel.id : undefined}>
      {content}
    </ServerFrame>
  );
}

export default function ServerPage() {
  return (
    <Routes>
      <Route path=":serverId/settings/*" element={<ServerGate>{(serverId) => <SettingsView serverId={serverId} />}</ServerGate>} />
      <Route
        path=":serverId/welcome"
        element={
          <ServerGate>
            {(serverId) => (
              <ServerFrame serverId={serverId}>
                <WelcomeView serverId={serverId} />
              </ServerFrame>
            )}
          </ServerGate>
        }
      />
      <Route
        path=":serverId/members"
        element={
          <ServerGate>
            {(serverId) => (
              <ServerFrame serverId={serverId} drawer={false}>
                <LayoutSlot name="headerTitle">{t("members.pageTitle")}</LayoutSlot>
                <div className="members-page">
                  <MemberList serverId={serverId} />
                </div>
              </ServerFrame>
            )}
          </ServerGate>
        }
      />
      <Route path=":serverId/:channelId" element={<ServerGate>{(serverId) => <ChannelPage serverId={serverId} />}</ServerGate>} />
      <Route path=":serverId" element={<ServerGate>{(serverId) => <ChannelPage serverId={serverId} />}</ServerGate>} />
      <Route path="*" element={<Navigate to="/app" replace />} />
    </Routes>
  );
}
