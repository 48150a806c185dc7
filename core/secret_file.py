"""A secret kept in a file that the first process to need it makes (the instance key, the VAPID
key). Several workers start together, so the file must appear whole or not at all: it is written
to a private temporary file beside it and then hard-linked into place, which fails if another
process got there first; that process's file is the one everybody reads. (Creating the final
name with ``O_EXCL`` and writing into it afterwards let a second worker read it still empty.)"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def read_or_create(path: Path, make: Callable[[], bytes]) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")  # mode 0600
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(make())
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(temporary)
    return path.read_bytes()
