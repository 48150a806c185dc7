"""Channel files are read a message at a time (plugins/discord_import/stream.py): what the whole
parse accepted and refused is still accepted and refused, with the same texts, and the bound on
messages is met while a file is read, before all of it is held."""

from __future__ import annotations

import orjson
import pytest

from plugins.discord_import.models import DiscordImport
from tests.plugins.discord_import.helpers import upload, zip_of
from tests.plugins.servers.helpers import community

HEAD = {"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "name": "general"}}


def channel(messages: object, **more: object) -> bytes:
    return orjson.dumps({**HEAD, "messages": messages, **more})


def said(n: int) -> dict[str, object]:
    return {
        "id": str(100 + n),
        "type": "Default",
        "timestamp": f"2020-01-01T00:00:{n:02d}+00:00",
        "content": f"message {n}",
        "author": {"id": "9", "name": "ann"},
    }


async def test_an_empty_channel_and_members_in_any_order_are_read(client):
    place = await community(client)
    messages_first = orjson.dumps({"messages": [said(1)], "exportedAt": "2020", **HEAD, "messageCount": 1})
    archive = zip_of({"a.json": channel([]), "b.json": messages_first.replace(b'"id":"2"', b'"id":"3"')})
    status, body = await upload(client, place.owner, place.id, archive)
    assert status == 200, body
    assert body["report"]["channels"] == [
        {"name": "general", "category": None, "messages": 0},
        {"name": "general", "category": None, "messages": 1},
    ]
    assert body["report"]["messages"] == 1 and body["report"]["authors"] == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"[1, 2]", "c.json is not a DiscordChatExporter channel export."),
        (channel({"not": "a list"}), "c.json is not a DiscordChatExporter channel export."),
        (
            orjson.dumps({"channel": HEAD["channel"], "messages": []}),
            "c.json is not a DiscordChatExporter channel export.",
        ),
        (channel([]) + b" and more", "c.json is not valid JSON."),
        (channel([said(1)])[:-20], "c.json is not valid JSON."),
        (b"", "c.json is not valid JSON."),
        (channel([]).replace(b"[]", b"[" * 100_000 + b"]" * 100_000), "c.json is nested too deeply."),
        (
            channel([], exportedAt=[]).replace(b"[]}", b"[" * 100_000 + b"]" * 100_000 + b"}"),
            "c.json is nested too deeply.",
        ),
    ],
)
async def test_files_out_of_shape_are_refused_while_read(client, data, message):
    place = await community(client)
    assert await upload(client, place.owner, place.id, zip_of({"c.json": data})) == (
        400,
        {"message": message, "path": "f"},
    )
    assert not await DiscordImport.exists()


async def test_more_messages_than_allowed_are_refused_across_files(make_app):
    app = make_app(**{"discord_import.max_messages": 3})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        two = channel([said(1), said(2)])
        assert (await upload(client, place.owner, place.id, zip_of({"a.json": two})))[0] == 200
        archive = zip_of({"a.json": two, "b.json": two.replace(b'"id":"2"', b'"id":"3"')})
        assert await upload(client, place.owner, place.id, archive) == (
            400,
            {"message": "The export holds more than 3 messages.", "path": "f"},
        )
        one_file = channel([said(n) for n in range(4)])
        assert await upload(client, place.owner, place.id, zip_of({"a.json": one_file})) == (
            400,
            {"message": "The export holds more than 3 messages.", "path": "f"},
        )
        assert await DiscordImport.filter().count() == 1
