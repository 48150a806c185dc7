"""Reading an uploaded ``hearth.server`` archive: checked as the Discord import's
(plugins/discord_import/archive.py: size, entry count, names, bombs, lying headers), then every
part parsed and checked field by field. Anything not in the format refuses the whole archive with
a message naming the file; nothing is made from a refused archive. Blocking: run it in a thread."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from plugins.accounts.schemas import is_hex_color
from plugins.discord_import import archive, stream
from plugins.discord_import.archive import ArchiveRefused, Entry
from plugins.discord_import.limits import Limits
from plugins.server_transfer.fmt import FILES, FORMAT, MAX_PLUGIN_ITEMS, PART_NAME, PARTS, VERSION

MAX_ROLES = 200  # as a verified server (plugins/servers/roles.py)
MAX_CHANNELS = 100  # as plugins/servers/channels.py
MANIFEST_BYTES = 1024 * 1024
MESSAGE_TYPES = range(8)  # content and the system messages of plugins/messages/models.py


@dataclass
class Contents:
    path: Path
    limits: Limits
    manifest: dict[str, Any]
    server: dict[str, Any]
    roles: list[dict[str, Any]]
    channels: list[dict[str, Any]]
    authors: list[dict[str, Any]]
    # Other plugins' parts by name (checked by their server_transfer_check on upload).
    extras: dict[str, list[Any]] = field(default_factory=dict)
    entries: dict[str, Entry] = field(default_factory=dict)
    # messages.json, counted when checked (its messages are read again, one at a time, by messages())
    counts: dict[str, int] = field(default_factory=lambda: {"messages": 0, "attachments": 0, "reactions": 0})

    def messages(self) -> Iterator[dict[str, Any]]:
        """The checked messages, in the file's order, one at a time. Blocking: iterate in a thread."""
        if not self.manifest["history"]:
            return
        c = _Check("messages.json")
        texts = {ch["id"] for ch in self.channels if ch["type"] == 1}
        people = {a["id"] for a in self.authors}
        for raw in _streamed_items(self.path, self.entries, "messages", self.limits.json_bytes, self.limits.messages):
            yield _message(c, raw, texts, people, self.entries)


class _Check:
    def __init__(self, where: str):
        self.where = where

    def fail(self, what: str) -> ArchiveRefused:
        return ArchiveRefused(f"{self.where}: {what}")

    def obj(self, value: Any, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{what} is not an object.")
        return value

    def id(self, value: Any, what: str, null: bool = False) -> str | None:
        if value is None and null:
            return None
        if not isinstance(value, str) or not value.isdigit() or len(value) > 20:
            raise self.fail(f"{what} is not an id.")
        return value

    def text(self, value: Any, what: str, limit: int, null: bool = False, empty: bool = True) -> str | None:
        if value is None and null:
            return None
        if not isinstance(value, str) or len(value) > limit or (not empty and not value):
            raise self.fail(f"{what} is not a text of at most {limit} characters.")
        return value

    def colour(self, value: Any, what: str) -> str | None:
        """A colour as the live rules take it (``#rgb``, ``#rrggbb``, ``#rrggbbaa``), never CSS."""
        if value is None:
            return None
        if not isinstance(value, str) or not is_hex_color(value):
            raise self.fail(f"{what} is not a hex colour.")
        return value

    def int(self, value: Any, what: str, null: bool = False) -> int | None:
        if value is None and null:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not -(2**31) <= value < 2**31:
            raise self.fail(f"{what} is not a whole number.")
        return value

    def bool(self, value: Any, what: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"{what} is not true or false.")
        return value

    def time(self, value: Any, what: str, null: bool = False) -> int | None:
        if value is None and null:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 32503680000000:
            raise self.fail(f"{what} is not a time.")
        return value

    def file(self, value: Any, what: str, entries: dict[str, Entry]) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or len(value) > 255:
            raise self.fail(f"{what} is not a stored file's path.")
        return value if f"{FILES}{value}" in entries else None  # left out of the export


def _json(path: Path, entries: dict[str, Entry], name: str, limit: int) -> Any:
    if name not in entries:
        raise ArchiveRefused(f"The archive holds no {name}: it is not a Hearth server export.")
    try:
        return orjson.loads(archive.read(path, entries[name], limit))
    except orjson.JSONDecodeError:
        raise ArchiveRefused(f"{name} is not valid JSON.") from None


def _items(path: Path, entries: dict[str, Entry], part: str, limit: int, most: int) -> list[Any]:
    name = f"{part}.json"
    document = _json(path, entries, name, limit)
    if not isinstance(document, dict) or document.get("part") != part or not isinstance(document.get("items"), list):
        raise ArchiveRefused(f"{name} is not a part of a Hearth server export.")
    if len(document["items"]) > most:
        raise ArchiveRefused(f"{name} holds more than {most} items.")
    return document["items"]


def _streamed_items(path: Path, entries: dict[str, Entry], part: str, limit: int, most: int) -> Iterator[Any]:
    """A part's items read one at a time (a part as Hearth writes it names itself before them)."""
    name = f"{part}.json"
    if name not in entries:
        raise ArchiveRefused(f"The archive holds no {name}: it is not a Hearth server export.")
    not_part = ArchiveRefused(f"{name} is not a part of a Hearth server export.")
    head: dict[str, Any] = {}
    listed, count = False, 0
    with stream.opened(path, entries[name], limit) as handle:
        for key, value in stream.members(handle, "items", {"part"}, name, str(not_part)):
            if key != "items":
                head[key] = value
            elif value is stream.NOT_A_LIST or head.get("part") != part:
                raise not_part
            elif value is stream.LIST:
                listed = True
            elif (count := count + 1) > most:
                raise ArchiveRefused(f"{name} holds more than {most} items.")
            else:
                yield value
    if not listed or head.get("part") != part:
        raise not_part


def _manifest(path: Path, entries: dict[str, Entry]) -> dict[str, Any]:
    manifest = _json(path, entries, "manifest.json", MANIFEST_BYTES)
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ArchiveRefused("manifest.json does not name the hearth.server format.")
    version = manifest.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ArchiveRefused("manifest.json has no version.")
    if version > VERSION:
        raise ArchiveRefused(f"The export is of version {version}; this Hearth reads up to version {VERSION}.")
    salt = manifest.get("emailSalt")
    if not isinstance(salt, str) or len(salt) != 32 or any(ch not in "0123456789abcdef" for ch in salt):
        raise ArchiveRefused("manifest.json has no emailSalt.")
    if not isinstance(manifest.get("history"), bool):
        raise ArchiveRefused("manifest.json does not say whether it holds history.")
    return manifest


def _server(items: list[Any], entries: dict[str, Entry]) -> dict[str, Any]:
    c = _Check("server.json")
    if len(items) != 1:
        raise c.fail("it holds no server.")
    s = c.obj(items[0], "the server")
    return {
        "id": c.id(s.get("id"), "id"),
        "name": c.text(s.get("name"), "name", 100),
        "hexColor": c.colour(s.get("hexColor"), "hexColor"),
        "avatar": c.file(s.get("avatar"), "avatar", entries),
        "banner": c.file(s.get("banner"), "banner", entries),
        "defaultRoleId": c.id(s.get("defaultRoleId"), "defaultRoleId", null=True),
        "defaultChannelId": c.id(s.get("defaultChannelId"), "defaultChannelId", null=True),
        "systemChannelId": c.id(s.get("systemChannelId"), "systemChannelId", null=True),
    }


def _slow_mode(c: _Check, value: Any) -> int | None:
    seconds = c.int(value, "a channel's slowModeSeconds", null=True)
    if seconds is not None and not (seconds == 0 or 3 <= seconds <= 21600):
        raise c.fail("a channel's slowModeSeconds is not 0 or between 3 and 21600.")
    return seconds


def _roles(items: list[Any]) -> list[dict[str, Any]]:
    c = _Check("roles.json")
    roles = []
    for raw in items:
        r = c.obj(raw, "a role")
        roles.append(
            {
                "id": c.id(r.get("id"), "a role's id"),
                "name": c.text(r.get("name"), "a role's name", 100),
                "order": c.int(r.get("order"), "a role's order"),
                "permissions": c.int(r.get("permissions"), "a role's permissions"),
                "hexColor": c.colour(r.get("hexColor"), "a role's hexColor"),
                "hideRole": c.bool(r.get("hideRole"), "a role's hideRole"),
                "applyOnJoin": c.bool(r.get("applyOnJoin"), "a role's applyOnJoin"),
                "default": c.bool(r.get("default"), "a role's default"),
            }
        )
    if sum(r["default"] for r in roles) != 1:
        raise c.fail("it holds no default role, or more than one.")
    return roles


def _channels(items: list[Any], role_ids: set[str]) -> list[dict[str, Any]]:
    c = _Check("channels.json")
    channels = []
    for raw in items:
        ch = c.obj(raw, "a channel")
        overrides = ch.get("overrides")
        if not isinstance(overrides, list) or len(overrides) > MAX_ROLES:
            raise c.fail("a channel's overrides are not a list.")
        kept = []
        for o in overrides:
            o = c.obj(o, "an override")
            role = c.id(o.get("roleId"), "an override's roleId")
            if role not in role_ids:
                raise c.fail("an override names a role the export does not hold.")
            kept.append({"roleId": role, "permissions": c.int(o.get("permissions"), "an override's permissions")})
        kind = c.int(ch.get("type"), "a channel's type")
        if kind not in (1, 2):
            raise c.fail("a channel is neither a text channel nor a category.")
        channels.append(
            {
                "id": c.id(ch.get("id"), "a channel's id"),
                "type": kind,
                "name": c.text(ch.get("name"), "a channel's name", 100),
                "categoryId": c.id(ch.get("categoryId"), "a channel's categoryId", null=True),
                "order": c.int(ch.get("order"), "a channel's order", null=True),
                "slowModeSeconds": _slow_mode(c, ch.get("slowModeSeconds")),
                "overrides": kept,
            }
        )
    categories = {ch["id"] for ch in channels if ch["type"] == 2}
    if any(ch["categoryId"] is not None and ch["categoryId"] not in categories for ch in channels):
        raise c.fail("a channel's category is not a category of the export.")
    return channels


def _authors(
    items: list[Any], entries: dict[str, Entry], role_ids: set[str], most_members: int
) -> list[dict[str, Any]]:
    c = _Check("authors.json")
    authors = []
    for raw in items:
        a = c.obj(raw, "an author")
        email = a.get("emailHash")
        if email is not None and (not isinstance(email, str) or len(email) != 64):
            raise c.fail("an author's emailHash is not a hash.")
        member = c.bool(a.get("member", False), "an author's member")
        roles = a.get("roleIds") or []  # since members travel; absent: none
        if not isinstance(roles, list) or len(roles) > MAX_ROLES or (roles and not member):
            raise c.fail("an author's roleIds are not a member's list of roles.")
        if any(c.id(r, "an author's role") not in role_ids for r in roles):
            raise c.fail("an author's roleIds name a role the export does not hold.")
        authors.append(
            {
                "id": c.id(a.get("id"), "an author's id"),
                "username": c.text(a.get("username"), "an author's username", 35),
                "nickname": c.text(a.get("nickname"), "an author's nickname", 35, null=True),
                "avatar": c.file(a.get("avatar"), "an author's avatar", entries),
                "emailHash": email,
                "member": member,
                "roleIds": list(dict.fromkeys(roles)),
            }
        )
    if sum(a["member"] for a in authors) > most_members:
        raise c.fail(f"it holds more than {most_members} members.")
    return authors


def _message_type(c: _Check, value: Any) -> int:
    kind = c.int(value, "a message's type")
    if kind not in MESSAGE_TYPES:
        raise c.fail("a message is of a type this Hearth does not know.")
    return kind


def _message(
    c: _Check, raw: Any, channel_ids: set[str], author_ids: set[str], entries: dict[str, Entry]
) -> dict[str, Any]:
    m = c.obj(raw, "a message")
    channel = c.id(m.get("channelId"), "a message's channelId")
    if channel not in channel_ids:
        raise c.fail("a message is in a channel the export does not hold.")
    author = c.id(m.get("authorId"), "a message's authorId", null=True)
    if author is not None and author not in author_ids:
        raise c.fail("a message's author is not among the export's authors.")
    files, reactions = m.get("attachments"), m.get("reactions")
    reply = m.get("replyTo")
    if not isinstance(files, list) or not isinstance(reactions, list) or not isinstance(reply, list):
        raise c.fail("a message's attachments, reactions or replyTo are not lists.")
    if len(files) > 10 or len(reactions) > 100 or len(reply) > 5:
        raise c.fail("a message holds too many attachments, reactions or replies.")
    kept_files = []
    for f in files:
        f = c.obj(f, "an attachment")
        kept_files.append(
            {
                "storedFile": c.file(f.get("storedFile"), "an attachment", entries),
                "mime": c.text(f.get("mime"), "an attachment's mime", 255, null=True),
                "size": c.int(f.get("size"), "an attachment's size", null=True),
                "width": c.int(f.get("width"), "an attachment's width", null=True),
                "height": c.int(f.get("height"), "an attachment's height", null=True),
            }
        )
    kept_reactions = []
    for r in reactions:
        r = c.obj(r, "a reaction")
        users = r.get("userIds")
        if not isinstance(users, list) or len(users) > 1000:
            raise c.fail("a reaction's userIds are not a list.")
        if any(c.id(u, "a reaction's user") not in author_ids for u in users):
            raise c.fail("a reaction's user is not among the export's authors.")
        kept_reactions.append(
            {
                "name": c.text(r.get("name"), "a reaction's name", 20, empty=False),
                "emojiId": c.text(r.get("emojiId"), "a reaction's emojiId", 20),
                "gif": c.bool(r.get("gif", False), "a reaction's gif"),
                "webp": c.bool(r.get("webp", False), "a reaction's webp"),
                "userIds": list(dict.fromkeys(users)),
            }
        )
    return {
        "id": c.id(m.get("id"), "a message's id"),
        "channelId": channel,
        "authorId": author,
        "type": _message_type(c, m.get("type")),
        "content": c.text(m.get("content"), "a message's content", 20_000, null=True),
        "createdAt": c.time(m.get("createdAt"), "a message's createdAt"),
        "editedAt": c.time(m.get("editedAt"), "a message's editedAt", null=True),
        "pinned": c.bool(m.get("pinned"), "a message's pinned"),
        "replyTo": [c.id(i, "a message's replyTo") for i in reply],
        "attachments": kept_files,
        "reactions": kept_reactions,
    }


def _extras(path: Path, entries: dict[str, Entry], manifest: dict[str, Any], limit: int) -> dict[str, list[Any]]:
    listed = manifest.get("parts")
    if not isinstance(listed, list):
        raise ArchiveRefused("manifest.json does not list its parts.")
    extras: dict[str, list[Any]] = {}
    for part in listed:
        name = part.get("name") if isinstance(part, dict) else None
        if not isinstance(name, str) or not PART_NAME.match(name):
            raise ArchiveRefused("manifest.json lists a part without a name.")
        if name not in PARTS and name not in extras:
            extras[name] = _items(path, entries, name, limit, MAX_PLUGIN_ITEMS)
    return extras


def _unique(part: str, rows: list[dict[str, Any]]) -> None:
    if len({row["id"] for row in rows}) != len(rows):
        raise ArchiveRefused(f"{part}.json holds one id twice.")


def read(path: Path, limits: Limits, max_authors: int, max_members: int) -> Contents:
    entries = archive.inspect(path, limits)
    manifest = _manifest(path, entries)
    server = _server(_items(path, entries, "server", MANIFEST_BYTES, 1), entries)
    roles = _roles(_items(path, entries, "roles", limits.json_bytes, MAX_ROLES))
    channels = _channels(_items(path, entries, "channels", limits.json_bytes, MAX_CHANNELS), {r["id"] for r in roles})
    role_ids = {r["id"] for r in roles}
    authors = _authors(_items(path, entries, "authors", limits.json_bytes, max_authors), entries, role_ids, max_members)
    for name, rows in (("roles", roles), ("channels", channels), ("authors", authors)):
        _unique(name, rows)
    contents = Contents(path, limits, manifest, server, roles, channels, authors, entries=entries)
    contents.extras = _extras(path, entries, manifest, limits.json_bytes)
    seen: set[str] = set()
    for message in contents.messages():
        if message["id"] in seen:
            raise ArchiveRefused("messages.json holds one id twice.")
        seen.add(message["id"])
        contents.counts["messages"] += 1
        contents.counts["attachments"] += len(message["attachments"])
        contents.counts["reactions"] += sum(len(r["userIds"]) for r in message["reactions"])
    return contents
