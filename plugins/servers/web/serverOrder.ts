/**
 * The server rail's order and folders (rest.md §4.2). `orderedServerIds` holds server ids and
 * folder ids; a server inside a folder is drawn in the folder (in the folder's own order) wherever
 * its id sits. `POST /servers/order` wants every joined server and every folder id, so the order
 * sent is the rail flattened: each folder's id followed by its servers.
 */
import type { ServerFolder } from "./types";

export type RailItem =
  | { kind: "server"; serverId: string }
  | { kind: "folder"; folder: ServerFolder; serverIds: string[] };

/** What the rail shows, in order. Joined servers missing from the order go last; empty folders are not shown. */
export function buildRail(orderedIds: readonly string[], folders: readonly ServerFolder[], joinedServerIds: readonly string[]): RailItem[] {
  const joined = new Set(joinedServerIds);
  const folderOf = new Map<string, string>();
  for (const folder of folders) {
    for (const serverId of folder.serverIds) if (joined.has(serverId) && !folderOf.has(serverId)) folderOf.set(serverId, folder.id);
  }
  const folderById = new Map(folders.map((folder) => [folder.id, folder]));
  const items: RailItem[] = [];
  const placed = new Set<string>();

  const placeFolder = (folder: ServerFolder) => {
    if (placed.has(folder.id)) return;
    placed.add(folder.id);
    const serverIds = folder.serverIds.filter((serverId) => folderOf.get(serverId) === folder.id && !placed.has(serverId));
    serverIds.forEach((serverId) => placed.add(serverId));
    if (serverIds.length > 0) items.push({ kind: "folder", folder, serverIds });
  };

  for (const id of orderedIds) {
    const folder = folderById.get(id);
    if (folder) placeFolder(folder);
    else if (joined.has(id) && !folderOf.has(id) && !placed.has(id)) {
      placed.add(id);
      items.push({ kind: "server", serverId: id });
    }
  }
  for (const folder of folders) placeFolder(folder);
  for (const serverId of joinedServerIds) {
    if (placed.has(serverId) || folderOf.has(serverId)) continue;
    placed.add(serverId);
    items.push({ kind: "server", serverId });
  }
  return items;
}

/** The full order for `POST /servers/order`: every server and every folder id (empty folders last). */
export function flattenRail(items: readonly RailItem[], folders: readonly ServerFolder[] = []): string[] {
  const ids: string[] = [];
  for (const item of items) {
    if (item.kind === "server") ids.push(item.serverId);
    else ids.push(item.folder.id, ...item.serverIds);
  }
  for (const folder of folders) if (!ids.includes(folder.id)) ids.push(folder.id);
  return ids;
}

export type RailDragSource = { kind: "server"; serverId: string } | { kind: "folder"; folderId: string };

export type RailDropTarget =
  /** Next to a rail item (a server at the top level or a folder), or to a server inside `folderId`. */
  | { kind: "before" | "after"; id: string; folderId?: string }
  /** Onto a top-level server: the two become a new folder. */
  | { kind: "merge"; serverId: string }
  /** Onto a folder: appended to it. */
  | { kind: "into"; folderId: string };

export type OrderOperation =
  | { kind: "order"; serverIds: string[] }
  | { kind: "folder"; folderId: string; serverIds: string[] }
  | { kind: "createFolder"; serverIds: string[] };

export interface DropPlan {
  /** The state to show at once (a new folder appears only when the server announces it). */
  orderedServerIds: string[];
  folders: ServerFolder[];
  /** Requests to send, in this order. */
  operations: OrderOperation[];
}

function folderHolding(items: readonly RailItem[], serverId: string): Extract<RailItem, { kind: "folder" }> | undefined {
  return items.find((item): item is Extract<RailItem, { kind: "folder" }> => item.kind === "folder" && item.serverIds.includes(serverId));
}

function insertRelative(list: string[], id: string, anchor: string, where: "before" | "after"): string[] {
  const without = list.filter((entry) => entry !== id);
  const index = without.indexOf(anchor);
  if (index < 0) return [...without, id];
  without.splice(where === "before" ? index : index + 1, 0, id);
  return without;
}

const itemId = (item: RailItem) => (item.kind === "server" ? item.serverId : item.folder.id);

/**
 * What a drop does: the rail to show at once and the requests that make it so. Null when the drop
 * changes nothing or is not allowed (a folder into a folder, a server onto itself).
 */
export function planDrop(items: readonly RailItem[], folders: readonly ServerFolder[], source: RailDragSource, target: RailDropTarget): DropPlan | null {
  const operations: OrderOperation[] = [];
  let nextFolders = folders.map((folder) => ({ ...folder, serverIds: [...folder.serverIds] }));
  let nextItems: RailItem[] = items.map((item) => (item.kind === "folder" ? { ...item, serverIds: [...item.serverIds] } : item));

  const setFolderServers = (folderId: string, serverIds: string[]) => {
    operations.push({ kind: "folder", folderId, serverIds });
    nextFolders = serverIds.length
      ? nextFolders.map((folder) => (folder.id === folderId ? { ...folder, serverIds } : folder))
      : nextFolders.filter((folder) => folder.id !== folderId);
    nextItems = nextItems.flatMap((item): RailItem[] => {
      if (item.kind !== "folder" || item.folder.id !== folderId) return [item];
      return serverIds.length ? [{ kind: "folder", folder: { ...item.folder, serverIds }, serverIds }] : [];
    });
  };
  const result = (): DropPlan => ({ orderedServerIds: flattenRail(nextItems, nextFolders), folders: nextFolders, operations });

  if (source.kind === "folder") {
    if (target.kind !== "before" && target.kind !== "after") return null;
    if (target.folderId || target.id === source.folderId) return null;
    const ids = nextItems.map(itemId);
    const reordered = insertRelative(ids, source.folderId, target.id, target.kind);
    if (reordered.join() === ids.join()) return null;
    const byId = new Map(nextItems.map((item) => [itemId(item), item]));
    nextItems = reordered.flatMap((id) => byId.get(id) ?? []);
    operations.push({ kind: "order", serverIds: flattenRail(nextItems, nextFolders) });
    return result();
  }

  const { serverId } = source;
  const from = folderHolding(nextItems, serverId);

  if (target.kind === "merge") {
    if (target.serverId === serverId) return null;
    if (!nextItems.some((item) => item.kind === "server" && item.serverId === target.serverId)) return null;
    if (from) setFolderServers(from.folder.id, from.serverIds.filter((id) => id !== serverId));
    nextItems = nextItems.filter((item) => !(item.kind === "server" && item.serverId === serverId));
    operations.push({ kind: "createFolder", serverIds: [target.serverId, serverId] });
    return result();
  }

  const destinationFolderId = target.folderId;
  if (destinationFolderId) {
    const destination = nextItems.find((item) => item.kind === "folder" && item.folder.id === destinationFolderId);
    if (!destination || destination.kind !== "folder") return null;
    let serverIds: string[];
    if (target.kind === "into") {
      if (destination.serverIds.includes(serverId)) return null;
      serverIds = [...destination.serverIds, serverId];
    } else {
      if (target.id === serverId) return null;
      serverIds = insertRelative(destination.serverIds, serverId, target.id, target.kind);
      if (serverIds.join() === destination.serverIds.join()) return null;
    }
    if (from && from.folder.id !== destinationFolderId) setFolderServers(from.folder.id, from.serverIds.filter((id) => id !== serverId));
    nextItems = nextItems.filter((item) => !(item.kind === "server" && item.serverId === serverId));
    setFolderServers(destinationFolderId, serverIds);
    return result();
  }

  // To the top level, next to a server or a folder.
  if (target.kind === "into" || target.id === serverId) return null;
  if (from) setFolderServers(from.folder.id, from.serverIds.filter((id) => id !== serverId));
  const ids = nextItems.map(itemId);
  const reordered = insertRelative(ids, serverId, target.id, target.kind);
  if (!from && reordered.join() === ids.join()) return null;
  const byId = new Map(nextItems.map((item) => [itemId(item), item]));
  nextItems = reordered.map((id) => byId.get(id) ?? { kind: "server", serverId: id });
  operations.push({ kind: "order", serverIds: flattenRail(nextItems, nextFolders) });
  return result();
}
