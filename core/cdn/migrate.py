"""``hearth storage migrate --to s3|local``: copy every stored file from the other store into
this one — local files into the bucket before switching ``[cdn] storage`` to ``"s3"``, or back.

Resumable: a file already in the target with the same size is skipped, and a copy appears in the
target whole or not at all (a rename on disk, a completed upload in a bucket), so a run that was
stopped, or that failed on some files, is finished by running it again. The source is left as it
was; delete it once Hearth runs on the target. Files uploaded while it runs are copied by the
next run: run it once more after switching, with no workers left on the old store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.cdn.s3 import S3Storage
from core.cdn.storage import LocalStorage, Storage
from core.settings import Settings


@dataclass
class Copied:
    found: int = 0
    skipped: int = 0
    copied: int = 0
    copied_bytes: int = 0
    failed: int = 0


def stores(settings: Settings, to: str) -> tuple[Storage, Storage]:
    """(source, target) for a migration ``to`` "s3" or "local"."""
    local, bucket = LocalStorage(settings.cdn.directory), S3Storage.from_settings(settings)
    return (local, bucket) if to == "s3" else (bucket, local)


async def migrate(source: Storage, target: Storage, say: Callable[[str], None] = print) -> Copied:
    result = Copied()
    try:
        present = {stored.path: stored.size async for stored in target.files()}
        listing = [stored async for stored in source.files()]
        todo = [stored for stored in listing if present.get(stored.path) != stored.size]
        result.found, result.skipped = len(listing), len(listing) - len(todo)
        total = sum(stored.size for stored in todo)
        say(
            f"{result.found} file(s) in {source.kind} storage, {result.skipped} already in {target.kind} storage; "
            f"copying {len(todo)} ({_size(total)})"
        )
        for number, stored in enumerate(todo, 1):
            scratch = target.scratch_file()
            scratch.parent.mkdir(parents=True, exist_ok=True)
            try:
                await source.copy_out(stored.path, scratch)
                await target.save_file(stored.path, scratch)
            except Exception as error:  # one bad file must not stop the others; a rerun retries it
                result.failed += 1
                say(f"[{number}/{len(todo)}] {stored.path}: FAILED ({type(error).__name__}: {error})")
                continue
            finally:
                await target.discard(scratch)
            result.copied += 1
            result.copied_bytes += stored.size
            say(
                f"[{number}/{len(todo)}] {stored.path} ({_size(stored.size)}; {_size(result.copied_bytes)} of {_size(total)})"
            )
    finally:
        await source.close()
        await target.close()
    say(
        f"copied {result.copied}, skipped {result.skipped}, failed {result.failed}"
        + ("; run it again to retry the failed ones" if result.failed else "")
    )
    return result


def _size(count: int) -> str:
    for unit in ("B", "KiB", "MiB"):
        if count < 1024:
            return f"{count} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024  # type: ignore[assignment]
    return f"{count:.1f} GiB"
