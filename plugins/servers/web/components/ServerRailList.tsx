/**
 * The user's servers in the shell's rail (the `ServerRailItems` extension): servers and folders in
 * `orderedServerIds` order, unread dots and mention counts, drag to reorder and to make or fill
 * folders (mouse: drag and drop; touch: long press, then drag — a long press released without
 * moving opens the context menu), and the "add a server" button.
 */
import { useContextMenu } from "@hearth/ui/contextMenu/useContextMenu";
import { safeColour } from "@hearth/ui/safeStyle";
import { useEffect, useMemo, useRef, useState, type DragEvent, type MouseEvent as ReactMouseEvent } from "react";
import { NavLink } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { t } from "../i18n";
import { createTouchDrag, dropTargetFor, railEntryOf, zoneOf, type Point, type RailEntry } from "../railDrag";
import { buildRail, planDrop, type RailDragSource, type RailDropTarget, type RailItem } from "../serverOrder";
import { applyRailChange, errorText } from "../serversApi";
import { useServersStore } from "../serversStore";
import type { ServerFolder } from "../types";
import { useServersUnread } from "../unread";
import { ServerIcon } from "./icons";
import { useServerMenuItems } from "./serverMenu";
import { ServerAvatar } from "./ServerAvatar";
import "../servers.css";

/** The folder's dialog loads when it is asked for, not with the rail at start-up. */
function openFolderSettings(folder: ServerFolder): void {
  void import("./FolderSettingsModal").then(({ openFolderSettings: open }) => open(folder));
}

/** The "add a server" dialog, loaded the first time it opens. */
const openAddServerModal = () => void import("./AddServerModal").then((dialog) => dialog.openAddServerModal());

interface DragState {
  source: RailDragSource | null;
  target: RailDropTarget | null;
}

type DragHandlers = {
  drag: DragState;
  start: (source: RailDragSource) => void;
  over: (event: DragEvent<HTMLElement>, entry: RailEntry) => void;
  drop: (event: DragEvent<HTMLElement>) => void;
  end: () => void;
  /** Touch: the entry was lifted by a long press. */
  touchLift: (source: RailDragSource, point: Point) => void;
  /** Touch: the finger moved to `point` (anywhere on screen). */
  touchMove: (point: Point) => void;
  /** Touch: the finger was lifted. */
  touchDrop: () => void;
};

/** Near the top or bottom edge of the rail while dragging, the rail scrolls. */
const EDGE_SCROLL_PX = 40;

function scrollRailNear(element: Element | null, clientY: number): void {
  const rail = element?.closest(".server-rail") ?? document.querySelector(".server-rail");
  if (!rail) return;
  const rect = rail.getBoundingClientRect();
  if (clientY < rect.top + EDGE_SCROLL_PX) rail.scrollTop -= 8;
  else if (clientY > rect.bottom - EDGE_SCROLL_PX) rail.scrollTop += 8;
}

/**
 * Touch dragging on a rail entry: native listeners (React's touch listeners are passive, and a
 * drag must stop the page scrolling and the click that would follow). `onContextMenu` wraps the
 * entry's right-click handler so the browser's own long-press menu event does not open it twice.
 */
function useRailTouch(source: RailDragSource, handlers: DragHandlers, openMenu: (x: number, y: number) => void, onContextMenu: (event: ReactMouseEvent) => void) {
  const [element, ref] = useState<HTMLDivElement | null>(null);
  const latest = useRef({ source, handlers, openMenu });
  latest.current = { source, handlers, openMenu };
  const gesture = useMemo(
    () =>
      createTouchDrag({
        lift: (point) => latest.current.handlers.touchLift(latest.current.source, point),
        move: (point) => latest.current.handlers.touchMove(point),
        drop: () => latest.current.handlers.touchDrop(),
        menu: (point) => latest.current.openMenu(point.clientX, point.clientY),
        cancel: () => latest.current.handlers.end(),
      }),
    [],
  );

  useEffect(() => {
    if (!element) return;
    const pointOf = (event: TouchEvent) => event.touches[0] ?? event.changedTouches[0];
    const onStart = (event: TouchEvent) => {
      const point = pointOf(event);
      if (event.touches.length !== 1 || !point) gesture.cancel();
      else gesture.start(point);
    };
    const onMove = (event: TouchEvent) => {
      const point = pointOf(event);
      if (point && gesture.move(point) && event.cancelable) event.preventDefault();
    };
    const onEnd = (event: TouchEvent) => {
      if (gesture.end() && event.cancelable) event.preventDefault();
    };
    const onCancel = () => gesture.cancel();
    element.addEventListener("touchstart", onStart, { passive: true });
    element.addEventListener("touchmove", onMove, { passive: false });
    element.addEventListener("touchend", onEnd, { passive: false });
    element.addEventListener("touchcancel", onCancel);
    return () => {
      element.removeEventListener("touchstart", onStart);
      element.removeEventListener("touchmove", onMove);
      element.removeEventListener("touchend", onEnd);
      element.removeEventListener("touchcancel", onCancel);
      gesture.cancel();
    };
  }, [gesture, element]);

  const contextMenu = (event: ReactMouseEvent) => {
    if (gesture.phase !== "idle") {
      event.preventDefault(); // the touch gesture decides (menu on release, or a drag)
      return;
    }
    onContextMenu(event);
  };
  return { ref, contextMenu, dragging: (handlers.drag.source && sameSource(handlers.drag.source, source)) || false };
}

function sameSource(a: RailDragSource, b: RailDragSource): boolean {
  return a.kind === "server" ? b.kind === "server" && a.serverId === b.serverId : b.kind === "folder" && a.folderId === b.folderId;
}

function Badge({ unread, mentions }: { unread: boolean; mentions: number }) {
  return (
    <>
      {unread && <span className="server-rail-item__unread" aria-hidden="true" />}
      {mentions > 0 && (
        <span className="nav-badge nav-badge--rail" role="img" aria-label={t("rail.mentions", { count: mentions })}>
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
  const { unread, mentions } = useServersUnread(useMemo(() => [serverId], [serverId]));
  const { triggerProps, menu, openMenu } = useContextMenu(useServerMenuItems(server, serverId));
  const source = useMemo<RailDragSource>(() => ({ kind: "server", serverId }), [serverId]);
  const touch = useRailTouch(source, handlers, openMenu, triggerProps.onContextMenu);
  if (!server) return null;

  return (
    <div
      ref={touch.ref}
      className={`server-rail-entry${dropClass(handlers.drag, serverId, folderId)}${touch.dragging ? " server-rail-entry--dragging" : ""}`}
      role="listitem"
      draggable
      data-rail-kind="server"
      data-rail-id={serverId}
      data-rail-folder={folderId}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", serverId);
        handlers.start(source);
      }}
      onDragOver={(event) => handlers.over(event, { kind: "server", id: serverId, folderId })}
      onDrop={handlers.drop}
      onDragEnd={handlers.end}
    >
      <NavLink
        to={`/app/servers/${serverId}`}
        className={({ isActive }) => `rail-button server-rail-item${isActive ? " rail-button--active" : ""}${unread ? " server-rail-item--has-unread" : ""}`}
        title={server.name}
        data-testid="server-rail-item"
        data-server-id={serverId}
        onContextMenu={touch.contextMenu}
        onKeyDown={triggerProps.onKeyDown}
      >
        <ServerAvatar server={server} size={48} />
        {/* the name, not the initials the avatar shows, names the link */}
        <span className="visually-hidden">{server.name}</span>
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
  const { triggerProps, menu, openMenu } = useContextMenu([{ label: t("folder.settings"), onSelect: () => openFolderSettings(folder) }]);
  const name = folder.name || t("folder.defaultName");
  const source = useMemo<RailDragSource>(() => ({ kind: "folder", folderId: folder.id }), [folder.id]);
  const touch = useRailTouch(source, handlers, openMenu, triggerProps.onContextMenu);

  return (
    <div className={`server-folder${open ? " server-folder--open" : ""}`} role="listitem" data-testid="server-folder" data-folder-id={folder.id}>
      <div
        ref={touch.ref}
        className={`server-rail-entry${dropClass(handlers.drag, folder.id)}${touch.dragging ? " server-rail-entry--dragging" : ""}`}
        draggable
        data-rail-kind="folder"
        data-rail-id={folder.id}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", folder.id);
          handlers.start(source);
        }}
        onDragOver={(event) => handlers.over(event, { kind: "folder", id: folder.id })}
        onDrop={handlers.drop}
        onDragEnd={handlers.end}
      >
        <button
          type="button"
          className="rail-button server-folder__button"
          style={{ ["--folder-colour" as string]: safeColour(folder.color) }}
          aria-label={t("folder.label", { name })}
          aria-expanded={open}
          title={name}
          onClick={toggle}
          onContextMenu={touch.contextMenu}
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
  const [drag, setDragState] = useState<DragState>({ source: null, target: null });
  // The latest drag, for touch listeners and drops that run between renders.
  const dragRef = useRef<DragState>(drag);
  const setDrag = (next: DragState) => {
    dragRef.current = next;
    setDragState(next);
  };
  const [ghost, setGhost] = useState<Point | null>(null);
  const [openFolders, setOpenFolders] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const hover = (target: RailDropTarget | null) => {
    const { source, target: current } = dragRef.current;
    if (!source) return;
    if (JSON.stringify(current) !== JSON.stringify(target)) setDrag({ source, target });
  };
  const commit = () => {
    const { source, target } = dragRef.current;
    setDrag({ source: null, target: null });
    setGhost(null);
    if (!source || !target) return;
    const plan = planDrop(items, folders as ServerFolder[], source, target);
    if (!plan) return;
    setBusy(true);
    void applyRailChange(plan.orderedServerIds, plan.folders, plan.operations)
      .catch((failure: unknown) => setError(errorText(failure, t("rail.orderFailed"))))
      .finally(() => setBusy(false));
  };

  const handlers: DragHandlers = {
    drag,
    start: (source) => {
      setError(null);
      setDrag({ source, target: null });
    },
    over: (event, entry) => {
      const { source } = dragRef.current;
      if (!source) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = "move";
      hover(dropTargetFor(entry, zoneOf(event.currentTarget.getBoundingClientRect(), event.clientY), source));
    },
    drop: (event) => {
      event.preventDefault();
      event.stopPropagation();
      commit();
    },
    end: () => {
      setDrag({ source: null, target: null });
      setGhost(null);
    },
    touchLift: (source, point) => {
      setError(null);
      setDrag({ source, target: null });
      setGhost(point);
    },
    touchMove: (point) => {
      const { source } = dragRef.current;
      if (!source) return;
      setGhost(point);
      const under = document.elementFromPoint(point.clientX, point.clientY);
      scrollRailNear(under, point.clientY);
      const found = railEntryOf(under);
      hover(found ? dropTargetFor(found.entry, zoneOf(found.element.getBoundingClientRect(), point.clientY), source) : null);
    },
    touchDrop: commit,
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
      {ghost && drag.source && <TouchGhost source={drag.source} at={ghost} />}
    </>
  );
}

/** What follows the finger during a touch drag (it lets touches through, so the rail below is found). */
function TouchGhost({ source, at }: { source: RailDragSource; at: Point }) {
  const server = useServersStore((state) => (source.kind === "server" ? state.servers[source.serverId] : undefined));
  return (
    <div className="rail-touch-ghost" style={{ left: at.clientX, top: at.clientY }} aria-hidden="true" data-testid="rail-touch-ghost">
      {server ? <ServerAvatar server={server} size={48} /> : <ServerIcon name="folder" size={24} />}
    </div>
  );
}
