"""A Discord data package (Settings › Privacy › Request all of my data): the user's own messages,
``messages/index.json`` and per channel ``messages/c<id>/channel.json`` with ``messages.json``
(``[{ID, Timestamp, Contents, Attachments}]``) or, in older packages, ``messages.csv`` with the
same columns (folders without the ``c`` in the oldest). Read into the exporter's shapes
(``dce.Channel``): every message is the uploader's own (``OWN``), each server's text channels
become channels under a category named after that server; direct and group messages are private
and left out (counted). Attachments are links to Discord, never fetched (counted)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from plugins.discord_import import archive, dce, stream
from plugins.discord_import.archive import ArchiveRefused, Entry
from plugins.discord_import.limits import Limits

CHANNEL_FILE_BYTES = 1024 * 1024  # a channel.json names one channel: read whole, so kept small
OWN = "own"  # the author of every message of a package: the uploader's own account
GUILD_TEXT_TYPES = {0, 5, 10, 11, 12, 15}  # text, announcement, threads, forum (Discord's channel types)
_CHANNEL = re.compile(r"^(?:[^/]+/)?messages/c?(\d{1,20})/channel\.json$")
NOT_A_PACKAGE = "The archive holds no messages/…/channel.json: it is not a Discord data package."


def _json(path: Path, entry: Entry, limit: int) -> Any:
    try:
        return orjson.loads(archive.read(path, entry, limit))
    except orjson.JSONDecodeError:
        raise ArchiveRefused(f"{entry.name[:100]} is not valid JSON.") from None


@contextmanager
def _rows(path: Path, entries: dict[str, Entry], folder: str, limit: int) -> Iterator[Iterator[dict[str, Any]]]:
    """The folder's messages, read a row at a time."""
    if f"{folder}/messages.json" in entries:
        where = f"{folder}/messages.json"
        with stream.opened(path, entries[where], limit) as handle:
            yield _objects(stream.array(handle, where, f"{where} is not a list of messages."), where)
    elif f"{folder}/messages.csv" in entries:
        where = f"{folder}/messages.csv"
        with stream.opened(path, entries[where], limit) as handle:
            yield _csv_rows(stream.text(handle), where)
    else:
        yield iter(())


def _objects(items: Iterator[Any], where: str) -> Iterator[dict[str, Any]]:
    for item in items:
        if not isinstance(item, dict):
            raise ArchiveRefused(f"{where} is not a list of messages.")
        yield item


def _csv_rows(text: io.TextIOWrapper, where: str) -> Iterator[dict[str, Any]]:
    try:
        yield from csv.DictReader(text)
    except csv.Error:
        raise ArchiveRefused(f"{where} is not a CSV file.") from None


def _time(value: Any, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        raise ArchiveRefused(f"{where} holds a message without a time.") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _channel(path: Path, entries: dict[str, Entry], folder: str, limits: Limits, most: int) -> dce.Channel | None:
    where = f"{folder}/channel.json"
    meta = _json(path, entries[where], min(limits.json_bytes, CHANNEL_FILE_BYTES))
    if not isinstance(meta, dict) or "id" not in meta:
        raise ArchiveRefused(f"{where} is not a channel of a Discord data package.")
    guild = meta.get("guild")
    if not isinstance(guild, dict) or meta.get("type", 0) not in GUILD_TEXT_TYPES:
        return None  # a direct or group message: private, left out
    channel = dce.Channel(
        id=dce._str(meta["id"], where),
        name=dce.clean_name(meta.get("name"), dce.CHANNEL_NAME_MAX, "imported"),
        category_id=dce._str(guild.get("id"), where),
        category=dce.clean_name(guild.get("name"), dce.CHANNEL_NAME_MAX, "Imported"),
        guild=dce.clean_name(guild.get("name"), dce.NAME_MAX, "Imported server"),
        entry=where,
    )
    with _rows(path, entries, folder, limits.json_bytes) as rows:
        for row in rows:
            content = dce.clean_text(str(row.get("Contents") or "")).strip()
            links = len(str(row.get("Attachments") or "").split())
            if not content:
                channel.skipped += 1
                continue
            channel.messages.append(
                dce.Message(
                    id=dce._str(row.get("ID"), where),
                    timestamp=_time(row.get("Timestamp"), where),
                    edited=None,
                    pinned=False,
                    content=content[: dce.CONTENT_MAX],
                    truncated=len(content) > dce.CONTENT_MAX,
                    author=ME,
                    reply_to=None,
                    missing_files=links,
                )
            )
            if len(channel.messages) > most:
                raise dce.TooManyMessages
    channel.messages.sort(key=lambda m: m.timestamp)
    return channel


ME = dce.Author(OWN, "You", None)


def channels(
    path: Path, entries: dict[str, Entry], limits: Limits, budget: Callable[[], int]
) -> Iterator[dce.Channel | None]:
    """The package's server channels with the user's messages, one at a time; None for each
    private channel (direct and group messages) left out. Blocking: iterate it in a thread."""
    folders = sorted(name.rsplit("/", 1)[0] for name in entries if _CHANNEL.match(name))
    if not folders:
        raise ArchiveRefused(NOT_A_PACKAGE)
    for folder in folders:
        yield _channel(path, entries, folder, limits, budget())
