"""Archives that are refused before anything is made: not a zip, path escapes, bombs, another
format or a newer version, and parts out of shape. Each answer names the reason; no import is
recorded, nothing is stored, no server is made."""

from __future__ import annotations

import os

import orjson
import pytest

from core.context import hearth
from plugins.server_transfer.models import ServerTransfer
from plugins.servers.models import Server
from tests.plugins.messages.helpers import error, member
from tests.plugins.server_transfer.helpers import busy_server, exported, unzip, upload, zip_of


def _edited(files: dict[str, bytes], part: str, change) -> dict[str, bytes]:
    document = orjson.loads(files[f"{part}.json"])
    change(document)
    return {**files, f"{part}.json": orjson.dumps(document)}


def _stranger_channel(document):
    document["items"][0]["channelId"] = "42"


def _untitled(document):
    document["items"][0]["title"] = ""


def _two_defaults(document):
    for role in document["items"]:
        role["default"] = True


@pytest.fixture
async def good(client):
    busy = await busy_server(client)
    return unzip(await exported(client, busy.place.owner, busy.place.id))


async def test_hostile_archives_are_refused_and_nothing_is_made(client, good, app):
    importer = await member()
    servers = await Server.all().count()
    cases = [
        (b"not a zip at all", "The file is not a zip archive."),
        (zip_of({**good, "../escape.json": b"{}"}), "The archive holds a file with an unsafe path: '../escape.json'."),
        (zip_of({**good, "/etc/passwd": b"x"}), "The archive holds a file with an unsafe path: '/etc/passwd'."),
        (
            zip_of({**good, "files/bomb.bin": bytes(5 * 1024 * 1024)}),
            "'files/bomb.bin' is compressed suspiciously well (a zip bomb?).",
        ),
        (
            zip_of({k: v for k, v in good.items() if k != "manifest.json"}),
            "The archive holds no manifest.json: it is not a Hearth server export.",
        ),
        (
            zip_of({**good, "manifest.json": _bumped(good)}),
            "The export is of version 2; this Hearth reads up to version 1.",
        ),
        (zip_of({**good, "manifest.json": b"{nope"}), "manifest.json is not valid JSON."),
        (
            zip_of(_edited(good, "messages", _stranger_channel)),
            "messages.json: a message is in a channel the export does not hold.",
        ),
        (zip_of(_edited(good, "roles", _two_defaults)), "roles.json: it holds no default role, or more than one."),
        (zip_of(_edited(good, "welcome", _untitled)), "welcome.json: a question has no title (1 to 200 characters)."),
    ]
    for data, message in cases:
        assert await upload(client, importer, data) == (400, error(message, "f")), message
    assert not await ServerTransfer.exists(kind="import") and await Server.all().count() == servers
    async with app.app_context():
        assert [f async for f in hearth().storage.files() if f.path.startswith("server-imports/")] == []


def _bumped(files: dict[str, bytes]) -> bytes:
    manifest = orjson.loads(files["manifest.json"])
    manifest["version"] = 2
    return orjson.dumps(manifest)


async def test_too_many_files_and_too_large(make_app):
    app = make_app(**{"server_transfer.max_files": 3, "server_transfer.max_archive_mb": 1})
    async with app.test_app():
        client = app.test_client()
        importer = await member()
        many = zip_of({f"f{n}.json": b"{}" for n in range(4)})
        assert await upload(client, importer, many) == (400, error("The archive holds more than 3 files.", "f"))
        large = zip_of({"noise.bin": os.urandom(1024 * 1024 + 10)})
        assert await upload(client, importer, large) == (413, error("The archive is larger than 1 MB.", "f"))
