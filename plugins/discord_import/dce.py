"""DiscordChatExporter's JSON export (one file per channel; its public, stable format), read
into what an import needs, a message at a time (stream.py). Anything not in the expected shape refuses the archive; media are
taken only from files inside it (``--media``: paths relative to the JSON file), never fetched."""

from __future__ import annotations

import posixpath
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from plugins.discord_import import stream
from plugins.discord_import.archive import ArchiveRefused, Entry

CONTENT_MAX = 2000  # as a message sent live (plugins/messages/schemas.py)
NAME_MAX = 35
CHANNEL_NAME_MAX = 100
IMPORTED_TYPES = {"Default", "Reply"}
# Hearth's mention and quote markup ([@:id], [r:id], [q:id], [@:e]) is kept as text: an imported
# message must not mention or quote anyone here.
_MARKUP = re.compile(r"\[(@|r|q):")


class TooManyMessages(Exception):
    """More messages than the import may hold (the caller names its bound)."""


@dataclass
class Author:
    id: str
    name: str
    avatar: str | None  # an archive entry, or None


@dataclass
class Attachment:
    entry: str  # an archive entry
    filename: str
    size: int


@dataclass
class Reaction:
    name: str
    emoji_id: str
    user_ids: list[str]


@dataclass
class Message:
    id: str
    timestamp: datetime
    edited: datetime | None
    pinned: bool
    content: str
    author: Author
    reply_to: str | None
    attachments: list[Attachment] = field(default_factory=list)
    reactions: list[Reaction] = field(default_factory=list)
    missing_files: int = 0
    truncated: bool = False


@dataclass
class Channel:
    id: str
    name: str
    category_id: str | None
    category: str | None
    guild: str
    entry: str  # its JSON file
    messages: list[Message] = field(default_factory=list)
    skipped: int = 0  # messages of kinds not imported (joins, calls, pins' notices), or empty
    # people who reacted, by Discord id (they become imported authors too)
    reactors: dict[str, Author] = field(default_factory=dict)


def clean_text(text: str) -> str:
    """Control characters out (line breaks and tabs kept), Hearth's markup defused."""
    kept = "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch) != "Cc")
    return _MARKUP.sub(lambda m: f"[{m.group(1)}\u200b:", kept)


def clean_name(text: Any, limit: int, fallback: str) -> str:
    name = " ".join(clean_text(str(text or "")).split())[:limit]
    return name or fallback


def _str(value: Any, where: str) -> str:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise ArchiveRefused(f"{where} is not in DiscordChatExporter's format.")
    return str(value)


def _time(value: Any, where: str) -> datetime:
    try:
        return datetime.fromisoformat(_str(value, where))
    except ValueError:
        raise ArchiveRefused(f"{where} is not in DiscordChatExporter's format.") from None


def _local_file(url: Any, base: str, entries: dict[str, Entry]) -> str | None:
    """The archive entry a media URL names, or None (a URL to Discord, or a file not in it)."""
    if not isinstance(url, str) or "://" in url or url.startswith("/"):
        return None
    path = posixpath.normpath(posixpath.join(base, unquote(url.replace("\\", "/"))))
    return path if path in entries else None


def _embed_text(embed: dict[str, Any]) -> str:
    lines = []
    title, url = embed.get("title"), embed.get("url")
    if title or url:
        lines.append(" — ".join(str(part) for part in (title, url) if part))
    if embed.get("description"):
        lines.append(str(embed["description"]))
    for item in embed.get("fields") or []:
        if isinstance(item, dict):
            lines.append(f"{item.get('name', '')}: {item.get('value', '')}")
    return "\n".join(f"> {line}" for text in lines for line in text.splitlines())


def _message(item: Any, where: str, base: str, entries: dict[str, Entry], parsed: Channel) -> Message | None:
    """One exported message, or None when it is not imported (its kind, or nothing in it)."""
    if not isinstance(item, dict) or not isinstance(item.get("author"), dict):
        raise ArchiveRefused(f"{where} holds a message not in DiscordChatExporter's format.")
    if item.get("type", "Default") not in IMPORTED_TYPES:
        return None
    author = item["author"]
    content = clean_text(str(item.get("content") or ""))
    embeds = [_embed_text(e) for e in item.get("embeds") or [] if isinstance(e, dict)]
    content = "\n\n".join(part for part in (content, *embeds) if part).strip()
    message = Message(
        id=_str(item.get("id"), where),
        timestamp=_time(item.get("timestamp"), where),
        edited=_time(item["timestampEdited"], where) if item.get("timestampEdited") else None,
        pinned=bool(item.get("isPinned")),
        content=content[:CONTENT_MAX],
        truncated=len(content) > CONTENT_MAX,
        author=Author(
            id=_str(author.get("id"), where),
            name=clean_name(author.get("nickname") or author.get("name"), NAME_MAX, "Imported user"),
            avatar=_local_file(author.get("avatarUrl"), base, entries),
        ),
        reply_to=str(item["reference"]["messageId"])
        if isinstance(item.get("reference"), dict) and item["reference"].get("messageId")
        else None,
    )
    for attachment in item.get("attachments") or []:
        local = _local_file(attachment.get("url") if isinstance(attachment, dict) else None, base, entries)
        if local is None:
            message.missing_files += 1
            continue
        name = clean_name(attachment.get("fileName"), 255, posixpath.basename(local))
        message.attachments.append(Attachment(local, name, entries[local].size))
    for reaction in item.get("reactions") or []:
        emoji = reaction.get("emoji") if isinstance(reaction, dict) else None
        if not isinstance(emoji, dict) or not emoji.get("name"):
            continue
        users = [u for u in reaction.get("users") or [] if isinstance(u, dict) and u.get("id")]
        for user in users:
            name = clean_name(user.get("nickname") or user.get("name"), NAME_MAX, "Imported user")
            parsed.reactors.setdefault(str(user["id"]), Author(str(user["id"]), name, None))
        user_ids = [str(u["id"]) for u in users]
        message.reactions.append(Reaction(str(emoji["name"])[:20], str(emoji.get("id") or "")[:20], user_ids))
    if not message.content and not message.attachments:
        return None
    return message


def read_channel(path: Path, entries: dict[str, Entry], entry: str, json_bytes: int, most: int) -> Channel:
    """One channel file, read a message at a time; more than ``most`` messages to import refuses
    it (TooManyMessages) before they are all held."""
    where, base = entry[:100], posixpath.dirname(entry)
    parsed = Channel(id="", name="", category_id=None, category=None, guild="", entry=entry)
    not_export = f"{where} is not a DiscordChatExporter channel export."
    head: dict[str, Any] = {}
    listed = False
    with stream.opened(path, entries[entry], json_bytes) as handle:
        for key, value in stream.members(handle, "messages", {"guild", "channel"}, where, not_export):
            if key != "messages":
                head[key] = value
                continue
            if value is stream.LIST:
                listed = True
                continue
            if value is stream.NOT_A_LIST:
                raise ArchiveRefused(not_export)
            message = _message(value, where, base, entries, parsed)
            if message is None:
                parsed.skipped += 1
                continue
            parsed.messages.append(message)
            if len(parsed.messages) > most:
                raise TooManyMessages
    guild, channel = head.get("guild"), head.get("channel")
    if not isinstance(guild, dict) or not isinstance(channel, dict) or not listed:
        raise ArchiveRefused(not_export)
    parsed.id = _str(channel.get("id"), where)
    parsed.name = clean_name(channel.get("name"), CHANNEL_NAME_MAX, "imported")
    parsed.category_id = str(channel["categoryId"]) if channel.get("categoryId") else None
    parsed.category = clean_name(channel["category"], CHANNEL_NAME_MAX, "Imported") if channel.get("category") else None
    parsed.guild = clean_name(guild.get("name"), NAME_MAX, "Imported server")
    parsed.messages.sort(key=lambda m: m.timestamp)
    return parsed
