"""Reading a checked archive a channel at a time (``Reading``) and the dry run's report
(``survey``, then ``report``). Only one channel's messages are held at once: the report and the
job's list of people are folded from each channel as it passes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from plugins.discord_import import archive, dce, package
from plugins.discord_import.archive import ArchiveRefused
from plugins.discord_import.limits import Limits

MAX_CHANNELS = 100  # as plugins/servers/channels.py
DCE, PACKAGE = "dce", "package"  # DiscordChatExporter's export, or a Discord data package
SOURCES = (DCE, PACKAGE)


class Reading:
    """The channels of an archive of this source, each parsed when reached. ``private`` counts a
    package's direct and group conversations left out (known once iterated). Blocking: iterate it
    in a thread."""

    def __init__(self, path: Path, limits: Limits, source: str = DCE):
        self.path, self.limits, self.source = path, limits, source
        self.entries = archive.inspect(path, limits)
        self.private = 0

    def _found(self, budget: int) -> Iterator[dce.Channel | None]:
        if self.source == PACKAGE:
            yield from package.channels(self.path, self.entries, self.limits, budget)
            return
        files = sorted(name for name in self.entries if name.endswith(".json"))
        if not files:
            raise ArchiveRefused("The archive holds no DiscordChatExporter channel export (a .json file per channel).")
        for name in files:
            yield dce.read_channel(self.path, self.entries, name, self.limits.json_bytes, budget())

    def __iter__(self) -> Iterator[dce.Channel]:
        noun = "package" if self.source == PACKAGE else "export"
        seen: set[str] = set()
        messages, self.private = 0, 0

        def budget() -> int:
            return self.limits.messages - messages

        try:
            for channel in self._found(budget):
                if channel is None:
                    self.private += 1
                    continue
                if channel.id in seen:
                    raise ArchiveRefused(f"The {noun} holds one channel twice.")
                seen.add(channel.id)
                messages += len(channel.messages)
                yield channel
        except dce.TooManyMessages:
            raise ArchiveRefused(f"The {noun} holds more than {self.limits.messages} messages.") from None
        if not seen and self.source == PACKAGE:
            raise ArchiveRefused("The package holds no messages of a server's channels.")


@dataclass
class Survey:
    """What a reading holds, without its messages."""

    source: str
    private: int = 0
    guild: str = ""
    categories: dict[str, str | None] = field(default_factory=dict)
    channels: list[dict[str, Any]] = field(default_factory=list)
    people: dict[str, dce.Author] = field(default_factory=dict)  # each as best described anywhere
    counts: dict[str, int] = field(default_factory=dict)

    def know(self, person: dce.Author) -> None:
        known = self.people.get(person.id)
        if known is None or (known.avatar is None and person.avatar is not None):
            self.people[person.id] = person

    def add(self, channel: dce.Channel) -> None:
        self.guild = self.guild or channel.guild
        if channel.category_id:
            self.categories[channel.category_id] = channel.category
        self.channels.append({"name": channel.name, "category": channel.category, "messages": len(channel.messages)})
        for message in channel.messages:
            self.know(message.author)
        for person in channel.reactors.values():
            self.know(person)
        ms = channel.messages
        for key, value in (
            ("messages", len(ms)),
            ("attachments", sum(len(m.attachments) for m in ms)),
            ("attachmentsNotInArchive", sum(m.missing_files for m in ms)),
            ("reactions", sum(len(r.user_ids) for m in ms for r in m.reactions)),
            ("pins", sum(m.pinned for m in ms)),
            ("replies", sum(m.reply_to is not None for m in ms)),
            ("truncated", sum(m.truncated for m in ms)),
            ("skipped", channel.skipped),
        ):
            self.counts[key] = self.counts.get(key, 0) + value


def survey(reading: Reading) -> Survey:
    """Blocking: run it in a thread."""
    found = Survey(reading.source)
    for channel in reading:
        found.add(channel)
    found.private = reading.private
    return found


def report(found: Survey, channels_in_server: int) -> dict[str, Any]:
    if channels_in_server + len(found.categories) + len(found.channels) > MAX_CHANNELS:
        raise ArchiveRefused(f"The server would have more than {MAX_CHANNELS} channels and categories.")
    return {
        "source": found.source,
        "privateChannelsLeftOut": found.private,
        "guild": found.guild,
        "categories": sorted(str(name) for name in found.categories.values()),
        "channels": found.channels,
        "authors": len(found.people),
        **{key: found.counts.get(key, 0) for key in COUNTED},
    }


COUNTED = (
    "messages",
    "attachments",
    "attachmentsNotInArchive",
    "reactions",
    "pins",
    "replies",
    "truncated",
    "skipped",
)
