"""The committed DiscordChatExporter sample as a zip, uploads as Hearth's web client makes them."""

from __future__ import annotations

import asyncio
import io
import zipfile
from pathlib import Path
from typing import Any

from tests.support import Person

SAMPLE = Path(__file__).parent / "sample"
FEATURE = {"X-Hearth-Features": "discord_import"}


def sample_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(SAMPLE.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(SAMPLE).as_posix())
    return buffer.getvalue()


def zip_of(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


async def upload(
    client: Any, person: Person, server_id: str, data: bytes, opted: bool = True, source: str | None = None
) -> tuple[int, Any]:
    headers = {"Authorization": person.token, "File-Name": "export.zip", "Content-Type": "application/zip"}
    query = f"?source={source}" if source else ""
    response = await client.post(
        f"/api/discord-imports/servers/{server_id}{query}", data=data, headers={**headers, **(FEATURE if opted else {})}
    )
    return response.status_code, await response.get_json(silent=True)


async def icall(client: Any, method: str, path: str, person: Person | None = None) -> tuple[int, Any]:
    headers = {**FEATURE, **({"Authorization": person.token} if person else {})}
    response = await client.open(path, method=method, headers=headers)
    return response.status_code, await response.get_json(silent=True)


async def until_done(client: Any, person: Person, job_id: str) -> dict[str, Any]:
    for _ in range(600):
        status, body = await icall(client, "GET", f"/api/discord-imports/{job_id}", person)
        assert status == 200, body
        if body["status"] in ("done", "failed"):
            return body
        await asyncio.sleep(0.05)
    raise AssertionError(f"the import did not finish: {body}")
