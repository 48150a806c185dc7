"""messages.json is read a message at a time (plugins/discord_import/stream.py), on upload and
again by the import: out of shape, too many or one id twice are refused with their texts, and a
file whose messages are checked makes the same history as before."""

from __future__ import annotations

import orjson
import pytest

from plugins.server_transfer.models import ServerTransfer
from tests.plugins.messages.helpers import error, member
from tests.plugins.server_transfer.helpers import busy_server, exported, unzip, upload, zip_of


@pytest.fixture
async def good(client):
    busy = await busy_server(client)
    return unzip(await exported(client, busy.place.owner, busy.place.id))


def _messages(files: dict[str, bytes], data: bytes) -> bytes:
    return zip_of({**files, "messages.json": data})


def _doubled(files: dict[str, bytes]) -> bytes:
    document = orjson.loads(files["messages.json"])
    document["items"].append(document["items"][0])
    return orjson.dumps(document)


async def test_messages_out_of_shape_are_refused_while_read(client, good):
    importer = await member()
    head = b'{"format":"hearth.server","version":1,"part":"messages","items":'
    cases = [
        (head + b"{}}", "messages.json is not a part of a Hearth server export."),
        (b'{"items":[],"part":"messages"}', "messages.json is not a part of a Hearth server export."),
        (head.replace(b'"messages"', b'"roles"') + b"[]}", "messages.json is not a part of a Hearth server export."),
        (b"[]", "messages.json is not a part of a Hearth server export."),
        (head + b'[{"id": ', "messages.json is not valid JSON."),
        (head + b"[1]}", "messages.json: a message is not an object."),
        (head + b"[" * 100_000 + b"]" * 100_000 + b"}", "messages.json is nested too deeply."),
        (_doubled(good), "messages.json holds one id twice."),
    ]
    for data, message in cases:
        assert await upload(client, importer, _messages(good, data)) == (400, error(message, "f")), message
    assert not await ServerTransfer.exists(kind="import")


async def test_an_empty_history_and_the_bound_on_messages(make_app):
    app = make_app(**{"server_transfer.max_messages": 2})
    async with app.test_app():
        client = app.test_client()
        busy = await busy_server(client)
        files = unzip(await exported(client, busy.place.owner, busy.place.id))
        importer = await member()
        assert len(orjson.loads(files["messages.json"])["items"]) > 2
        assert await upload(client, importer, zip_of(files)) == (
            400,
            error("messages.json holds more than 2 items.", "f"),
        )
        empty = b'{"format":"hearth.server","version":1,"part":"messages","items":[]}'
        status, body = await upload(client, importer, _messages(files, empty))
        assert status == 200, body
        assert (body["report"]["messages"], body["report"]["attachments"], body["report"]["reactions"]) == (0, 0, 0)
