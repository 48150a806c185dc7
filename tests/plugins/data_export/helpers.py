"""Asking for one's data as Hearth's web client does (naming the ``data_export`` feature),
waiting for the job, and opening the downloaded zip."""

from __future__ import annotations

import asyncio
import io
import json
import zipfile
from typing import Any

from tests.support import Person

FEATURE = {"X-Hearth-Features": "data_export"}


async def dcall(
    client: Any, method: str, path: str, person: Person | None = None, opted: bool = True
) -> tuple[int, Any]:
    headers = {**(FEATURE if opted else {}), **({"Authorization": person.token} if person else {})}
    response = await client.open(path, method=method, headers=headers)
    return response.status_code, await response.get_json(silent=True)


async def ask(client: Any, person: Person) -> dict[str, Any]:
    status, body = await dcall(client, "POST", "/api/data-exports", person)
    assert status == 200, body
    return body["export"]


async def until_finished(client: Any, person: Person) -> dict[str, Any]:
    """The export once the job has finished it (the request starts it at once)."""
    for _ in range(600):
        status, body = await dcall(client, "GET", "/api/data-exports", person)
        assert status == 200, body
        if body["export"]["status"] in ("ready", "failed"):
            return body["export"]
        await asyncio.sleep(0.05)
    raise AssertionError(f"the export did not finish: {body}")


async def download(client: Any, person: Person, export_id: str) -> zipfile.ZipFile:
    status, body = await dcall(client, "POST", f"/api/data-exports/{export_id}/ticket", person)
    assert status == 200, body
    response = await client.get(body["url"])
    assert response.status_code == 200, await response.get_data()
    assert response.headers["Content-Type"] == "application/zip"
    return zipfile.ZipFile(io.BytesIO(await response.get_data()))


def items(archive: zipfile.ZipFile, part: str) -> list[dict[str, Any]]:
    document = json.loads(archive.read(f"{part}.json"))
    assert document["format"] == "hearth.user-data" and document["version"] == 1 and document["part"] == part
    return document["items"]
