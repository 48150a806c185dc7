"""``[server_transfer]`` settings (config/default.toml)."""

from __future__ import annotations

from dataclasses import dataclass

from core.context import hearth
from plugins.discord_import.limits import MB, Limits


@dataclass(frozen=True)
class Options:
    archive: Limits  # the bounds of an uploaded archive, checked as the Discord import's
    max_file_bytes: int  # stored files copied into one export, at most; the rest are left out
    max_authors: int  # people in one archive
    max_members: int  # of them, members of the exported server
    lease_seconds: int
    poll_seconds: float
    keep_hours: int  # a finished export is kept this long


def options() -> Options:
    get = hearth().settings.get
    upload_cap = int(get("cdn.max_upload_mb", 50)) * MB
    lease = int(get("server_transfer.lease_seconds", 60))
    poll = float(get("server_transfer.poll_seconds", 5))
    return Options(
        archive=Limits(
            archive_bytes=min(int(get("server_transfer.max_archive_mb", 50)) * MB, upload_cap),
            files=int(get("server_transfer.max_files", 5000)),
            unpacked_bytes=int(get("server_transfer.max_unpacked_mb", 500)) * MB,
            json_bytes=int(get("server_transfer.max_json_mb", 200)) * MB,
            ratio=int(get("server_transfer.max_ratio", 200)),
            messages=int(get("server_transfer.max_messages", 500_000)),
            lease_seconds=lease,
            poll_seconds=poll,
        ),
        max_file_bytes=int(get("server_transfer.max_file_bytes", 2 * 1024 * MB)),
        max_authors=int(get("server_transfer.max_authors", 20_000)),
        max_members=int(get("server_transfer.max_members", 10_000)),
        lease_seconds=lease,
        poll_seconds=poll,
        keep_hours=int(get("server_transfer.keep_hours", 72)),
    )
