"""A DiscordChatExporter export imported into a server: the dry run, then channels, categories,
messages with their timestamps, placeholder authors, replies, reactions, pins, attachments from
the archive only, embeds as text; no notification of old messages."""

from __future__ import annotations

from datetime import UTC, datetime

from core.identity.models import User
from plugins.discord_import.models import DiscordImport
from plugins.messages.models import Channel, MentionCounter, Message
from tests.plugins.discord_import.helpers import icall, sample_zip, until_done, upload
from tests.plugins.messages.helpers import error
from tests.plugins.servers.helpers import community, join
from tests.support import call

REPORT = {
    "source": "dce",
    "privateChannelsLeftOut": 0,
    "guild": "Hearthlings",
    "categories": ["Projects", "Text Channels"],
    "channels": [
        {"name": "ideas-💡", "category": "Projects", "messages": 1},
        {"name": "general", "category": "Text Channels", "messages": 2},
    ],
    "messages": 3,
    "authors": 3,
    "attachments": 1,
    "attachmentsNotInArchive": 1,
    "reactions": 3,
    "pins": 1,
    "replies": 1,
    "truncated": 0,
    "skipped": 1,
}


def ms(text: str) -> int:
    return int(datetime.fromisoformat(text).astimezone(UTC).timestamp() * 1000)


async def test_the_dry_run_reports_and_makes_nothing(client):
    place = await community(client)
    users_before, channels_before = await User.all().count(), await Channel.all().count()
    status, planned = await upload(client, place.owner, place.id, sample_zip())
    assert status == 200, planned
    assert planned["status"] == "planned" and planned["report"] == REPORT and planned["messagesTotal"] == 3
    assert (await User.all().count(), await Channel.all().count()) == (users_before, channels_before)


async def test_the_import_brings_the_history_over(client):
    place = await community(client)
    reader = await join(client, place)
    _, planned = await upload(client, place.owner, place.id, sample_zip())
    status, started = await icall(client, "POST", f"/api/discord-imports/{planned['id']}/start", place.owner)
    assert status == 200 and started["status"] in ("queued", "running", "done")
    done = await until_done(client, place.owner, planned["id"])
    assert done["status"] == "done" and done["messagesDone"] == 3 and done["channelsDone"] == 2

    channels = {c.name: c for c in await Channel.filter(server_id=int(place.id))}
    assert {"Projects", "Text Channels", "general", "ideas-💡"} <= set(channels)
    assert channels["general"].category_id == channels["Text Channels"].id
    assert channels["ideas-💡"].category_id == channels["Projects"].id

    status, page = await call(client, "GET", f"/api/channels/{channels['general'].id}/messages", token=reader.token)
    assert status == 200, page
    welcome, reply = sorted(page, key=lambda m: m["createdAt"])
    assert welcome["content"] == "Welcome to Hearthlings! 🔥 Ünïcödé, 日本語, עברית — and [@\u200b:1] stays text."
    assert welcome["createdAt"] == ms("2021-03-04T09:01:12.345+00:00")
    assert welcome["editedAt"] == ms("2021-03-04T09:02:00.000+00:00")
    assert welcome["pinned"] is True and welcome["mentions"] == []
    assert welcome["createdBy"]["username"] == "Ada Lovelace" and welcome["createdBy"]["avatar"]
    [picture] = welcome["attachments"]
    response = await client.get(f"/cdn/{picture['path']}")
    assert response.status_code == 200 and (await response.get_data())[:4] == b"\x89PNG"
    assert sorted(welcome["reactions"], key=lambda r: r["name"])[0]["count"] == 2
    assert reply["createdBy"]["username"] == "Bruno"
    assert [r["replyToMessage"]["id"] for r in reply["replyMessages"]] == [welcome["id"]]
    assert reply["content"] == (
        "Thanks Ada! Look at this:\n\n> Hearth — chat that stays yours — https://hearth.example/about\n"
        "> A self-hostable community app.\n> Licence: AGPL"
    )
    assert await MentionCounter.filter(user_id=int(reader.id)).count() == 0  # no unread mentions, no pushes
    authors = await User.filter(username__in=["Ada Lovelace", "Bruno", "chen"]).count()
    assert authors == 3


async def test_a_resumed_import_makes_nothing_twice(app, client, monkeypatch):
    import asyncio

    from plugins.discord_import import job

    place = await community(client)
    _, planned = await upload(client, place.owner, place.id, sample_zip())
    await DiscordImport.filter(id=int(planned["id"])).update(status="queued")
    renewals = 0
    original = job._Run.renew

    async def dies_after_a_channel(self, **progress):
        nonlocal renewals
        renewals += 1
        if "channels_done" in progress:
            raise asyncio.CancelledError  # the process is gone: nothing after this runs
        await original(self, **progress)

    monkeypatch.setattr(job._Run, "renew", dies_after_a_channel)
    async with app.app_context():
        claimed = await job.claim("doomed:1")
        try:
            await job.run(claimed)
        except asyncio.CancelledError:
            pass
    monkeypatch.setattr(job._Run, "renew", original)
    row = await DiscordImport.get(id=int(planned["id"]))
    assert (row.status, row.lease_owner) == ("running", "doomed:1")
    half = await Message.filter(channel__server_id=int(place.id), content__not_isnull=True).count()
    assert half == 1  # the first channel (ideas) was imported, then the process died
    await DiscordImport.filter(id=row.id).update(lease_until=datetime(2000, 1, 1, tzinfo=UTC))
    async with app.app_context():
        await job.run_pending()
    row = await DiscordImport.get(id=row.id)
    assert (row.status, row.attempts, row.messages_done) == ("done", 2, 3)
    imported = await Message.filter(channel__server_id=int(place.id), type=0).exclude(content=None).count()
    assert imported == 3
    assert await Channel.filter(server_id=int(place.id), name="ideas-💡").count() == 1
    assert await User.filter(username="chen").count() == 1


async def test_who_may_import(client):
    place = await community(client)
    member = await join(client, place)
    assert await upload(client, member, place.id, sample_zip()) == (
        403,
        error("Only the server's owner can import into it."),
    )
    assert await upload(client, place.owner, "12345", sample_zip()) == (404, error("Server not found."))
    assert await upload(client, place.owner, place.id, sample_zip(), opted=False) == (
        404,
        error("Discord imports are a Hearth addition: name them in X-Hearth-Features (discord_import)."),
    )
    _, planned = await upload(client, place.owner, place.id, sample_zip())
    path = f"/api/discord-imports/{planned['id']}"
    assert await icall(client, "GET", path, member) == (404, error("Import not found."))
    assert await icall(client, "POST", f"{path}/start", member) == (404, error("Import not found."))
    assert await icall(client, "GET", path) == (401, error("No token provided."))
    assert (await icall(client, "POST", f"{path}/start", place.owner))[0] == 200
    assert await icall(client, "POST", f"{path}/start", place.owner) == (
        409,
        error("This import has already been started."),
    )
