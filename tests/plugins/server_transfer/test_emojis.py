"""A server's custom emojis travel with its export: pictures and names go into the archive, the
import makes them again through the CDN's upload checks, and messages' emoji markup and custom
reactions name the new emojis. An emoji that cannot be made (not a picture, past a new server's
limit) is listed by the dry run and its markup becomes ``:name:`` text."""

from __future__ import annotations

from typing import Any

import orjson

from core.cdn.models import CdnFile
from core.testing import clear_tables
from plugins.emojis.models import CustomEmoji
from plugins.messages.models import Message, Reaction
from tests.conftest import REDIS_URL
from tests.plugins.emojis.test_emojis import add, picture
from tests.plugins.messages.helpers import member, sent
from tests.plugins.server_transfer.helpers import exported, tcall, until, unzip, upload, zip_of
from tests.plugins.servers.helpers import community
from tests.support import call


async def server_with_an_emoji(client: Any) -> tuple[Any, dict[str, Any], bytes]:
    """A server with the emoji ``party``, a message using it (and another server's emoji), a
    reaction with it; its export with history."""
    place = await community(client, "Emoji Land")
    party = await add(client, place, "party", data=picture("GIF", frames=3), filename="party.gif")
    assert party["gif"] is True
    message = await sent(client, place.owner, place.general, f"hi [ace:{party['id']}:party] and [ce:123:gone]")
    status, body = await call(
        client,
        "POST",
        f"/api/channels/{place.general}/messages/{message['id']}/reactions",
        {"name": "party", "emojiId": party["id"], "gif": True},
        token=place.owner.token,
    )
    assert status == 200, body
    return place, party, await exported(client, place.owner, place.id)


def with_emojis(archive: bytes, change: Any) -> bytes:
    files = unzip(archive)
    part = orjson.loads(files["emojis.json"])
    part["items"] = change(part["items"], files)
    files["emojis.json"] = orjson.dumps(part)
    return zip_of(files)


async def _imported(client: Any, archive: bytes) -> tuple[dict[str, Any], dict[str, Any], Any]:
    await clear_tables(REDIS_URL)
    importer = await member()
    status, planned = await upload(client, importer, archive)
    assert status == 200, planned
    status, started = await tcall(client, "POST", f"/{planned['id']}/start", importer, {"confirm": []})
    assert status == 200, started
    done = await until(client, importer, planned["id"], "done")
    assert done["status"] == "done", done
    return planned["report"], done, importer


async def test_emojis_markup_and_reactions_survive_the_trip(client):
    _, party, archive = await server_with_an_emoji(client)
    files = unzip(archive)
    [item] = orjson.loads(files["emojis.json"])["items"]
    assert (item["id"], item["name"], item["gif"]) == (party["id"], "party", True)
    assert files[f"files/{item['picture']}"][:3] == b"GIF"
    assert {"name": "emojis", "file": "emojis.json", "count": 1} in orjson.loads(files["manifest.json"])["parts"]

    report, done, importer = await _imported(client, archive)
    assert "emojis" in report["parts"] and report["itemsLeftOut"] == {}
    made = await CustomEmoji.get(server_id=int(done["serverId"]))
    assert (made.name, made.gif, made.webp, made.uploaded_by_id) == ("party", True, False, int(importer.id))
    assert str(made.id) != party["id"]
    record = await CdnFile.get(id=made.id)  # made through the CDN's upload path: its record and checks
    assert (record.kind, record.uploader_id, record.animated) == ("emojis", int(importer.id), True)
    served = await client.get(f"/cdn/emojis/{made.id}")
    assert served.status_code == 200 and (await served.get_data())[:3] == b"GIF"
    message = await Message.get(content__startswith="hi ")
    assert message.content == f"hi [ace:{made.id}:party] and :gone:"  # another server's emoji is text
    [reaction] = await Reaction.filter(message_id=message.id)
    assert (reaction.name, reaction.emoji_key, reaction.gif) == ("party", str(made.id), True)


async def test_an_emoji_that_is_not_a_picture_becomes_text(client):
    _, _, archive = await server_with_an_emoji(client)

    def hostile(items, files):
        files[f"files/{items[0]['picture']}"] = b"GIF89a<script>alert(1)</script>"
        return items

    report, done, _ = await _imported(client, with_emojis(archive, hostile))
    assert report["itemsLeftOut"] == {"emojis": [{"name": "party", "reason": "picture"}]}
    assert not await CustomEmoji.exists(server_id=int(done["serverId"]))
    assert await CdnFile.filter(kind="emojis").count() == 0  # nothing stored for it
    message = await Message.get(content__startswith="hi ")
    assert message.content == "hi :party: and :gone:"
    assert await Reaction.filter(message_id=message.id).count() == 0  # a reaction cannot be text


async def test_a_new_server_gets_at_most_its_limit_of_emojis(client):
    _, party, archive = await server_with_an_emoji(client)

    def many(items, files):
        return items + [{**items[0], "id": str(int(party["id"]) + n), "name": f"e{n}"} for n in range(1, 81)]

    report, done, _ = await _imported(client, with_emojis(archive, many))
    assert report["itemsLeftOut"] == {"emojis": [{"name": "e80", "reason": "limit"}]}
    assert await CustomEmoji.filter(server_id=int(done["serverId"])).count() == 80
    message = await Message.get(content__startswith="hi ")
    made = await CustomEmoji.get(server_id=int(done["serverId"]), name="party")
    assert message.content == f"hi [ace:{made.id}:party] and :gone:"


async def test_an_emoji_part_out_of_shape_refuses_the_file(client):
    _, _, archive = await server_with_an_emoji(client)
    someone = await member()
    for change, text in (
        (lambda items, files: [{**items[0], "name": "x" * 16}], "an emoji's name is not a text of 2 to 15 characters."),
        (lambda items, files: [items[0], items[0]], "it holds one emoji id twice."),
        (lambda items, files: [{**items[0], "id": "../1"}], "an emoji's id is not an id."),
    ):
        status, body = await upload(client, someone, with_emojis(archive, change))
        assert (status, body) == (400, {"message": f"emojis.json: {text}", "path": "f"})


async def test_a_file_of_before_emojis_still_imports(client):
    """An export made before emojis travelled: no emojis part, reactions without gif and webp."""
    _, party, archive = await server_with_an_emoji(client)
    files = unzip(archive)
    del files["emojis.json"]
    manifest = orjson.loads(files["manifest.json"])
    manifest["parts"] = [p for p in manifest["parts"] if p["name"] != "emojis"]
    files["manifest.json"] = orjson.dumps(manifest)
    messages = orjson.loads(files["messages.json"])
    for m in messages["items"]:
        for r in m["reactions"]:
            del r["gif"], r["webp"]
    files["messages.json"] = orjson.dumps(messages)
    report, done, _ = await _imported(client, zip_of(files))
    assert report["itemsLeftOut"] == {} and "emojis" not in report["parts"]
    message = await Message.get(content__startswith="hi ")
    assert message.content == "hi :party: and :gone:"
