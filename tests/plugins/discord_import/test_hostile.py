"""Archives that are refused with a clear error, with nothing written: not a zip, paths escaping
the archive, bombs, too many files, too large, not DiscordChatExporter's format."""

from __future__ import annotations

import io
import os
import zipfile

import pytest

from plugins.discord_import.models import DiscordImport
from plugins.messages.models import Channel
from tests.plugins.discord_import.helpers import sample_zip, upload, zip_of
from tests.plugins.servers.helpers import community

CHANNEL = b'{"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "name": "c"}, "messages": []}'


def bomb() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("c.json", CHANNEL)
        archive.writestr("zeros.bin", b"\0" * (40 * 1024 * 1024))
    return buffer.getvalue()


def raw_entry(name: str) -> bytes:
    """A zip whose entry is named exactly ``name`` (zipfile would clean some names on writing)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        info = zipfile.ZipInfo("placeholder.json")
        info.filename = name
        archive.writestr(info, CHANNEL)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not a zip at all", "The file is not a zip archive."),
        (raw_entry("../evil.json"), "The archive holds a file with an unsafe path: '../evil.json'."),
        (raw_entry("/etc/evil.json"), "The archive holds a file with an unsafe path: '/etc/evil.json'."),
        (raw_entry("a/../../evil.json"), "The archive holds a file with an unsafe path: 'a/../../evil.json'."),
        (raw_entry("..\\evil.json"), "The archive holds a file with an unsafe path: '..\\\\evil.json'."),
        (bomb(), "'zeros.bin' is compressed suspiciously well (a zip bomb?)."),
        (
            zip_of({"readme.txt": b"hello"}),
            "The archive holds no DiscordChatExporter channel export (a .json file per channel).",
        ),
        (zip_of({"c.json": b"{not json"}), "c.json is not valid JSON."),
        (zip_of({"c.json": b'{"hello": 1}'}), "c.json is not a DiscordChatExporter channel export."),
        (
            zip_of({"c.json": CHANNEL.replace(b'"messages": []', b'"messages": [{"id": "1"}]')}),
            "c.json holds a message not in DiscordChatExporter's format.",
        ),
    ],
)
async def test_a_hostile_or_wrong_archive_is_refused_and_nothing_is_written(app, client, data, message):
    from core.context import hearth

    place = await community(client)
    channels = await Channel.filter(server_id=int(place.id)).count()
    assert await upload(client, place.owner, place.id, data) == (400, {"message": message, "path": "f"})
    assert not await DiscordImport.exists()
    assert await Channel.filter(server_id=int(place.id)).count() == channels
    async with app.app_context():
        assert [f async for f in hearth().storage.files() if f.path.startswith("discord-imports/")] == []


async def test_too_many_files_and_too_large(make_app):
    app = make_app(**{"discord_import.max_files": 4, "discord_import.max_archive_mb": 1})
    async with app.test_app():
        client = app.test_client()
        place = await community(client)
        many = zip_of({f"c{n}.json": CHANNEL for n in range(5)})
        assert await upload(client, place.owner, place.id, many) == (
            400,
            {"message": "The archive holds more than 4 files.", "path": "f"},
        )
        large = zip_of({"c.json": CHANNEL, "noise.bin": os.urandom(1024 * 1024 + 10)})
        assert await upload(client, place.owner, place.id, large) == (
            413,
            {"message": "The archive is larger than 1 MB.", "path": "f"},
        )
        assert (await upload(client, place.owner, place.id, sample_zip()))[0] == 200
