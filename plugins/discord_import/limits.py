"""``[discord_import]`` settings (config/default.toml): the bounds of an uploaded archive."""

from __future__ import annotations

from dataclasses import dataclass

from core.context import hearth

MB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    archive_bytes: int  # the zip as uploaded
    files: int  # entries in it
    unpacked_bytes: int  # all entries once uncompressed
    json_bytes: int  # one channel's JSON file once uncompressed
    ratio: int  # uncompressed / compressed size of one entry, beyond which it is a bomb
    messages: int  # messages in one import
    lease_seconds: int
    poll_seconds: float


def limits() -> Limits:
    get = hearth().settings.get
    upload_cap = int(get("cdn.max_upload_mb", 50)) * MB  # the app refuses larger bodies anyway
    return Limits(
        archive_bytes=min(int(get("discord_import.max_archive_mb", 50)) * MB, upload_cap),
        files=int(get("discord_import.max_files", 5000)),
        unpacked_bytes=int(get("discord_import.max_unpacked_mb", 500)) * MB,
        json_bytes=int(get("discord_import.max_json_mb", 200)) * MB,
        ratio=int(get("discord_import.max_ratio", 200)),
        messages=int(get("discord_import.max_messages", 500_000)),
        lease_seconds=int(get("discord_import.lease_seconds", 60)),
        poll_seconds=float(get("discord_import.poll_seconds", 5)),
    )
