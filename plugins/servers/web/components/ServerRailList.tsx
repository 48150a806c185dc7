/**
 * The user's servers in the shell's rail (the `ServerRailItems` extension): servers and folders in
 * `orderedServerIds` order, unread dots and mention counts, drag to reorder and to make or fill
 * folders, and the "add a server" button.
 */
import { useContextMenu } from "@hearth/ui/contextMenu/useContextMenu";
import { useMemo, useState, type DragEvent } from "react";
import { NavLink, useNavigate } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { t } from "../i18n";
import { usePermissionSubject } from "../hooks";
import { isOwner, visibleSettingsSections } from "../permissions";
import { buildRail, planDrop, type RailDragSource, type RailDropTarget, type RailItem } from "../serverOrder";
import { applyRailChange, errorText } from "../serversApi";
import { useServersStore } from "../serversStore";
import type { ServerFolder } from "../types";
import { useServersUnread } from "../unread";
import { openAddServerModal } from "./AddServerModal";
import { openFolderSettings } from "./FolderSettingsModal";
import { ServerIcon } from "./icons";
import { confirmLeaveServer } from "./serverActions";
import { ServerAvatar } from "./ServerAvatar";
import "../servers.css";

interface DragState {
  source: RailDragSource | null;
  target: RailDropTarget | null;
}

type DragHandlers = {
  drag: DragState;
  start: (source: RailDragSource) => void;
  over: (event: DragEvent<HTMLElement>, target: RailDropTarget) => void;
  drop: (event: DragEvent<HTMLElement>) => void;
  end: () => void;
};

/** Where over an element the pointer is: the top or bottom quarter, else the middle. */
function zoneOf(event: DragEvent<HTMLElement>): "before" | "middle" | "after" {
  const rect = event.currentTarget.getBoundingClientRect();
  const offset = (event.clientY - rect.top) / Math.max(1, rect.height);
  if (offset < 0.25) return "before";
  if (offset > 0.75) return "after";
  return "middle";
}

function Badge({ unread, mentions }: { unread: boolean; mentions: number }) {
  return (
    <>
      {unread && <span className="server-rail-item__unread" aria-hidden="true" />}
      {mentions > 0 && (
        <span className="nav-badge nav-badge--rail" aria-label={t("rail.mentions", { count: mentions })}>
          {mentions > 99 ? "99+" : mentions}
        </span>
      )}
    </>
  );
}

function dropClass(drag: DragState, id: string, folderId?: string): string {
  const target = drag.target;
  if (!target || !drag.source) return "";
  if ((target.kind === "before" || target.kind === "after") && target.id === id && target.folderId === folderId) return ` rail-drop--${target.kind}`;
  if (target.kind === "merge" && target.serverId === id && !folderId) return " rail-drop--merge";
  if (target.kind === "into" && target.folderId === id) return " rail-drop--merge";
  return "";
}

function RailServer({ serverId, folderId, handlers }: { serverId: string; folderId?: string; handlers: DragHandlers }) {
  const server = useServersStore((state) => state.servers[serverId]);
  const subject = usePermissionSubject(serverId);
  const navigate = useNavigate();
  const { unread, mentions } = useServersUnread(useMemo(() => [serverId], [serverId]));
  const sections = subject ? visibleSettingsSections(subject) : [];
  const owner = subject ? isOwner(subject) : false;
  const { triggerProps, menu } = useContextMenu([
    { label: t("serverMenu.invite"), onSelect: () => navigate(`/app/servers/${serverId}/settings/invites`) },
    ...(sections.length ? [{ label: t("serverMenu.settings"), onSelect: () => navigate(`/app/servers/${serverId}/settings`) }] : []),
    ...(server && !owner ? [{ label: t("serverMenu.leave"), danger: true, onSelect: () => confirmLeaveServer(server, navigate) }] : []),
  ]);
  if (!server) return null;

  return (
    <div
      className={`server-rail-entry${dropClass(handlers.drag, serverId, folderId)}`}
      role="listitem"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", serverId);
        handlers.start({ kind: "server", serverId });
      }}
      onDragOver={(event) => {
        const zone = zoneOf(event);
        const dragging = handlers.drag.source;
        if (zone === "middle" && !folderId && dragging?.kind === "server") handlers.over(event, { kind: "merge", serverId });
        else if (zone === "middle" && folderId) handlers.over(event, { kind: "before", id: serverId, folderId });
        else handlers.over(event, { kind: zone === "middle" ? "before" : zone, id: serverId, folderId });
      }}
      onDrop={handlers.drop}
      onDragEnd={handlers.end}
    >
      <NavLink
        to={`/app/servers/${serverId}`}
        className={({ isActive }) => `rail-button server-rail-item${isActive ? " rail-button--active" : ""}${unread ? " server-rail-item--has-unread" : ""}`}
        aria-label={server.name}
        title={server.name}
        data-testid="server-rail-item"
        data-server-id={serverId}
        {...triggerProps}
      >
        <ServerAvatar server={server} size={48} />
        <Badge unread={unread} mentions={mentions} />
      </NavLink>
      {menu}
    </div>
  );
}

function RailFolder({ item, open, toggle, handlers }: { item: Extract<RailItem, { kind: "folder" }>; open: boolean; toggle: () => void; handlers: DragHandlers }) {
  const { folder, serverIds } = item;
  const servers = useServersStore(useShallow((state) => serverIds.map((id) => state.servers[id])));
  const { unread, mentions } = useServersUnread(serverIds);
  const { triggerProps, menu } = useContextMenu([{ label: t("folder.settings"), onSelect: () => openFolderSettings(folder) }]);
  const name = folder.name || t("folder.defaultName");

  return (
    <div className={`server-folder${open ? " server-folder--open" : ""}`} role="listitem" data-testid="server-folder" data-folder-id={folder.id}>
      <div
        className={`server-rail-entry${dropClass(handlers.drag, folder.id)}`}
        draggable
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", folder.id);
          handlers.start({ kind: "folder", folderId: folder.id });
        }}
        onDragOver={(event) => {
          const zone = zoneOf(event);
          if (zone === "middle" && handlers.drag.source?.kind === "server") handlers.over(event, { kind: "into", folderId: folder.id });
          else handlers.over(event, { kind: zone === "middle" ? "before" : zone, id: folder.id });
        }}
        onDrop={handlers.drop}
        onDragEnd={handlers.end}
      >
        <button
          type="button"
          className="rail-button server-folder__button"
          style={{ ["--folder-colour" as string]: folder.color }}
          aria-label={t("folder.label", { name })}
          aria-expanded={open}
          title={name}
          onClick={toggle}
          {...triggerProps}
        >
          {open ? (
            <ServerIcon name="folder" size={24} />
          ) : (
            <span className="server-folder__grid" aria-hidden="true">
              {servers.slice(0, 4).map((server, index) => (server ? <ServerAvatar key={server.id} server={server} size={18} /> : <span key={index} />))}
            </span>
          )}
          {!open && <Badge unread={unread} mentions={mentions} />}
        </button>
      </div>
      {open && (
        <div className="server-folder__servers" role="list" aria-label={name}>
          {serverIds.map((serverId) => (
            <RailServer key={serverId} serverId={serverId} folderId={folder.id} handlers={handlers} />
          ))}
        </div>
      )}
      {menu}
    </div>
  );
}

export function ServerRailList() {
  const { servers, orderedServerIds, folders } = useServersStore(
    useShallow((state) => ({ servers: state.servers, orderedServerIds: state.orderedServerIds, folders: state.folders })),
  );
  const items = useMemo(() => buildRail(orderedServerIds, folders, Object.keys(servers)), [orderedServerIds, folders, servers]);
  const [drag, setDrag] = useState<DragState>({ source: null, target: null });
  const [openFolders, setOpenFolders] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handlers: DragHandlers = {
    drag,
    start: (source) => {
      setError(null);
      setDrag({ source, target: null });
    },
    over: (event, target) => {
      if (!drag.source) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = "move";
      const current = drag.target;
      if (JSON.stringify(current) !== JSON.stringify(target)) setDrag({ source: drag.source, target });
    },
    drop: (event) => {
      event.preventDefault();
      event.stopPropagation();
      const { source, target } = drag;
      setDrag({ source: null, target: null });
      if (!source || !target) return;
      const plan = planDrop(items, folders as ServerFolder[], source, target);
      if (!plan) return;
      setBusy(true);
      void applyRailChange(plan.orderedServerIds, plan.folders, plan.operations)
        .catch((failure: unknown) => setError(errorText(failure, t("rail.orderFailed"))))
        .finally(() => setBusy(false));
    },
    end: () => setDrag({ source: null, target: null }),
  };

  const toggleFolder = (folderId: string) =>
    setOpenFolders((current) => {
      const next = new Set(current);
      if (next.has(folderId)) next.delete(folderId);
      else next.add(folderId);
      return next;
    });

  return (
    <>
      {items.length > 0 && <span className="server-rail__divider" aria-hidden="true" />}
      {items.length > 0 && (
        <div className={`server-list${busy ? " server-list--busy" : ""}`} role="list" aria-label={t("rail.label")} aria-busy={busy || undefined}>
          {items.map((item) =>
            item.kind === "server" ? (
              <RailServer key={item.serverId} serverId={item.serverId} handlers={handlers} />
            ) : (
              <RailFolder key={item.folder.id} item={item} open={openFolders.has(item.folder.id)} toggle={() => toggleFolder(item.folder.id)} handlers={handlers} />
            ),
          )}
        </div>
      )}
      {error && (
        <p className="server-list__error" role="alert" title={error}>
          {t("rail.orderFailedShort")}
        </p>
      )}
      <button type="button" className="rail-button server-rail-add" aria-label={t("rail.add")} title={t("rail.add")} onClick={openAddServerModal}>
        <ServerIcon name="plus" size={24} />
      </button>
    </>
  );
}
