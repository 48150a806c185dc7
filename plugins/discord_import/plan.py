"""Reading a checked archive into channels (``read_export``) and the dry run's report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from plugins.discord_import import archive, dce, package
from plugins.discord_import.archive import ArchiveRefused
from plugins.discord_import.limits import Limits

MAX_CHANNELS = 100  # as plugins/servers/channels.py


def read_export(path: Path, limits: Limits) -> list[dce.Channel]:
    """Every channel of the archive, or ArchiveRefused. Blocking: run it in a thread."""
    entries = archive.inspect(path, limits)
    channels, messages = [], 0
    for name in sorted(entries):
        if not name.endswith(".json"):
            continue
        channel = dce.parse_channel(archive.read(path, entries[name], limits.json_bytes), name, entries)
        messages += len(channel.messages)
        if messages > limits.messages:
            raise ArchiveRefused(f"The export holds more than {limits.messages} messages.")
        channels.append(channel)
    if not channels:
        raise ArchiveRefused("The archive holds no DiscordChatExporter channel export (a .json file per channel).")
    if len({c.id for c in channels}) != len(channels):
        raise ArchiveRefused("The archive holds one channel twice.")
    return channels


DCE, PACKAGE = "dce", "package"  # DiscordChatExporter's export, or a Discord data package
SOURCES = (DCE, PACKAGE)


def read_source(path: Path, limits: Limits, source: str) -> tuple[list[dce.Channel], int]:
    """The channels of an archive of this source, and the private channels left out (a package's
    direct and group messages). Blocking: run it in a thread."""
    if source == PACKAGE:
        return package.read_package(path, limits)
    return read_export(path, limits), 0


def report(channels: list[dce.Channel], channels_in_server: int, source: str = DCE, private: int = 0) -> dict[str, Any]:
    categories = {c.category_id: c.category for c in channels if c.category_id}
    if channels_in_server + len(categories) + len(channels) > MAX_CHANNELS:
        raise ArchiveRefused(f"The server would have more than {MAX_CHANNELS} channels and categories.")
    authors = {m.author.id for c in channels for m in c.messages} | {r for c in channels for r in c.reactors}
    messages = [m for c in channels for m in c.messages]
    return {
        "source": source,
        "privateChannelsLeftOut": private,
        "guild": channels[0].guild,
        "categories": sorted(str(name) for name in categories.values()),
        "channels": [{"name": c.name, "category": c.category, "messages": len(c.messages)} for c in channels],
        "messages": len(messages),
        "authors": len(authors),
        "attachments": sum(len(m.attachments) for m in messages),
        "attachmentsNotInArchive": sum(m.missing_files for m in messages),
        "reactions": sum(len(r.user_ids) for m in messages for r in m.reactions),
        "pins": sum(m.pinned for m in messages),
        "replies": sum(m.reply_to is not None for m in messages),
        "truncated": sum(m.truncated for m in messages),
        "skipped": sum(c.skipped for c in channels),
    }
