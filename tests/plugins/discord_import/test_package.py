"""A Discord data package (the user's own messages) imported into a server: its server channels
under a category per Discord server, every message the uploader's own (their account, not a
placeholder), direct and group messages left out, attachments (links to Discord) never fetched.
The sample is made here in the package's documented layout, not copied from a real package."""

from __future__ import annotations

from datetime import UTC, datetime

import orjson

from core.identity.models import User
from plugins.discord_import.models import ImportedThing
from plugins.messages.models import Channel, Message
from tests.plugins.discord_import.helpers import icall, sample_zip, until_done, upload, zip_of
from tests.plugins.servers.helpers import community

CDN = "https://cdn.discordapp.com/attachments/1/2/cat.png"


def package() -> bytes:
    general = [
        {"ID": 5001, "Timestamp": "2021-03-04 12:34:56", "Contents": "hello ünïcödé 日本語 [@:1]", "Attachments": ""},
        {"ID": 5002, "Timestamp": "2021-03-05 08:00:00.123000+00:00", "Contents": "a cat", "Attachments": CDN},
        {"ID": 5003, "Timestamp": "2021-03-06 08:00:00", "Contents": "", "Attachments": CDN},  # nothing to show
    ]
    return zip_of(
        {
            "README.txt": b"Your Discord data package",
            "messages/index.json": orjson.dumps({"111": "general in Hearthlings", "222": "Direct Message with x#0001"}),
            "messages/c111/channel.json": orjson.dumps(
                {"id": "111", "type": 0, "name": "general", "guild": {"id": "900", "name": "Hearthlings"}}
            ),
            "messages/c111/messages.json": orjson.dumps(general),
            "messages/c222/channel.json": orjson.dumps({"id": "222", "type": 1, "recipients": ["1", "2"]}),
            "messages/c222/messages.json": orjson.dumps(
                [{"ID": 7, "Timestamp": "2021-01-01 00:00:00", "Contents": "secret"}]
            ),
            # an older package: no "c" before the folder's id, the messages as CSV
            "messages/444/channel.json": orjson.dumps(
                {"id": "444", "name": "old-times", "guild": {"id": "901", "name": "Old Place"}}
            ),
            "messages/444/messages.csv": b'ID,Timestamp,Contents,Attachments\n6001,2019-05-01 10:00:00,"one, with a comma",\n',
        }
    )


async def test_a_data_package_brings_the_users_own_messages(client):
    place = await community(client)
    users_before = await User.all().count()
    status, planned = await upload(client, place.owner, place.id, package(), source="package")
    assert status == 200, planned
    report = planned["report"]
    assert (report["source"], report["privateChannelsLeftOut"], report["messages"], report["authors"]) == (
        "package",
        1,
        3,
        1,
    )
    assert report["categories"] == ["Hearthlings", "Old Place"]
    assert (report["attachmentsNotInArchive"], report["skipped"]) == (1, 1)  # the picture-only message is skipped
    status, _ = await icall(client, "POST", f"/api/discord-imports/{planned['id']}/start", place.owner)
    assert status == 200
    done = await until_done(client, place.owner, planned["id"])
    assert done["status"] == "done" and done["messagesDone"] == 3, done

    assert await User.all().count() == users_before  # no placeholder: the uploader's own account
    channels = {c.name: c for c in await Channel.filter(server_id=int(place.id))}
    assert channels["general"].category_id == channels["Hearthlings"].id
    assert channels["old-times"].category_id == channels["Old Place"].id
    general = await Message.filter(channel_id=channels["general"].id).order_by("created_at")
    assert [m.content for m in general] == ["hello ünïcödé 日本語 [@\u200b:1]", "a cat"]  # markup defused
    assert {m.created_by_id for m in general} == {int(place.owner.id)}
    assert general[0].created_at == datetime(2021, 3, 4, 12, 34, 56, tzinfo=UTC)
    [old] = await Message.filter(channel_id=channels["old-times"].id)
    assert (old.content, old.created_by_id) == ("one, with a comma", int(place.owner.id))
    assert not await Message.filter(content="secret").exists()  # a direct message stays private
    assert not await ImportedThing.filter(kind="author").exists()  # nobody to claim
    status, people = await icall(client, "GET", f"/api/discord-imports/servers/{place.id}/authors", place.owner)
    assert (status, people) == (200, [])


async def test_the_source_must_be_known_and_match_the_archive(client):
    place = await community(client)
    status, body = await upload(client, place.owner, place.id, package(), source="takeout")
    assert (status, body) == (400, {"message": "source must be dce or package.", "path": "source"})
    status, body = await upload(client, place.owner, place.id, sample_zip(), source="package")
    assert (status, body["path"]) == (400, "f")
    assert body["message"] == "The archive holds no messages/…/channel.json: it is not a Discord data package."
    status, body = await upload(client, place.owner, place.id, package())  # a package is no exporter's file
    assert status == 400 and body["path"] == "f"


async def test_a_hostile_package_is_refused(client):
    place = await community(client)
    escape = zip_of({"../messages/c1/channel.json": b"{}"})
    status, body = await upload(client, place.owner, place.id, escape, source="package")
    assert status == 400 and body["path"] == "f"
    broken = zip_of({"messages/c1/channel.json": b"{not json"})
    status, body = await upload(client, place.owner, place.id, broken, source="package")
    assert (status, body) == (400, {"message": "messages/c1/channel.json is not valid JSON.", "path": "f"})
    bad_time = zip_of(
        {
            "messages/c1/channel.json": orjson.dumps(
                {"id": "1", "type": 0, "name": "a", "guild": {"id": "2", "name": "G"}}
            ),
            "messages/c1/messages.json": orjson.dumps([{"ID": 1, "Timestamp": "yesterday", "Contents": "x"}]),
        }
    )
    status, body = await upload(client, place.owner, place.id, bad_time, source="package")
    assert (status, body) == (400, {"message": "messages/c1/channel.json holds a message without a time.", "path": "f"})


async def test_an_exporters_author_named_like_the_package_owner_stays_a_placeholder(client):
    """Only a package's messages are the uploader's: an exporter's file whose author id is the
    package's marker still makes a placeholder author."""
    from plugins.discord_import.package import OWN
    from tests.plugins.discord_import.helpers import SAMPLE

    files = {path.relative_to(SAMPLE).as_posix(): path.read_bytes() for path in SAMPLE.rglob("*") if path.is_file()}
    [ideas] = [name for name in files if "ideas" in name and name.endswith(".json")]
    files[ideas] = files[ideas].replace(b'"1200000000000000003"', f'"{OWN}"'.encode())
    place = await community(client)
    status, planned = await upload(client, place.owner, place.id, zip_of(files))
    assert status == 200, planned
    await icall(client, "POST", f"/api/discord-imports/{planned['id']}/start", place.owner)
    assert (await until_done(client, place.owner, planned["id"]))["status"] == "done"
    ideas_channel = await Channel.get(server_id=int(place.id), name="ideas-💡")
    [message] = await Message.filter(channel_id=ideas_channel.id)
    assert message.created_by_id != int(place.owner.id)
    assert await ImportedThing.filter(kind="author", discord_id=OWN, local_id=message.created_by_id).exists()
