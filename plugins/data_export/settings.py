"""``[data_export]`` settings (config/default.toml)."""

from __future__ import annotations

from dataclasses import dataclass

from core.context import hearth


@dataclass(frozen=True)
class Options:
    # How often each process looks for a job to build.
    poll_seconds: float
    # A job not renewed for this long is taken by another process (its own died).
    lease_seconds: int
    # The download stays for this many hours, then the file is deleted.
    link_hours: int
    # A user may ask once in this many hours.
    every_hours: int
    # Uploaded files copied into one archive, in bytes, at most.
    max_file_bytes: int


def options() -> Options:
    get = hearth().settings.get
    return Options(
        poll_seconds=float(get("data_export.poll_seconds", 5)),
        lease_seconds=int(get("data_export.lease_seconds", 60)),
        link_hours=int(get("data_export.link_hours", 72)),
        every_hours=int(get("data_export.every_hours", 24)),
        max_file_bytes=int(get("data_export.max_file_bytes", 2 * 1024**3)),
    )
