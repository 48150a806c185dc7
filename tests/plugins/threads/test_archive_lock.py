"""Archive after inactivity (the periodic job), on demand and by a new message; a locked thread
refuses messages from everyone but moderators."""

from datetime import UTC, datetime, timedelta

from plugins.messages.models import Channel
from plugins.threads.service import archive_inactive
from tests.plugins.messages.helpers import error
from tests.plugins.servers.helpers import community, join, role_with
from tests.plugins.threads.helpers import start_thread, tcall, threads_socket, tok


async def _age(thread_id: str, minutes: int) -> None:
    await Channel.filter(id=int(thread_id)).update(last_messaged_at=datetime.now(UTC) - timedelta(minutes=minutes))


async def test_the_job_archives_threads_quiet_for_their_duration(live_server, live_client, sockets):
    place = await community(live_client)
    fellow = await join(live_client, place)
    watcher = await threads_socket(sockets, fellow)
    hourly = await start_thread(live_client, place, name="hourly")
    await tok(live_client, "PATCH", f"/api/threads/{hourly['id']}", {"autoArchiveMinutes": 60}, place.owner.token)
    daily = await start_thread(live_client, place, name="daily")
    await _age(hourly["id"], 61)
    await _age(daily["id"], 61)  # a day's thread is not due after an hour

    async with live_server.app.quart.app_context():
        assert await archive_inactive() == 1
        assert await archive_inactive() == 0

    updated = await watcher.wait_for("thread:updated", count=2)  # the rename of the duration, then this
    assert updated["threadId"] == hourly["id"] and updated["updated"]["archived"] is True
    assert isinstance(updated["updated"]["archivedAt"], int)
    archived = await tok(
        live_client, "GET", f"/api/threads?channelId={place.general}&archived=true", token=fellow.token
    )
    assert [t["name"] for t in archived["threads"]] == ["hourly"]

    # a message brings an archived, unlocked thread back
    await tok(live_client, "POST", f"/api/channels/{hourly['id']}/messages", {"content": "back"}, fellow.token)
    woke = await watcher.wait_for("thread:updated", count=3)
    assert woke == {"threadId": hourly["id"], "channelId": place.general, "updated": {"archived": False}}
    active = await tok(live_client, "GET", f"/api/threads?channelId={place.general}", token=fellow.token)
    assert [t["name"] for t in active["threads"]] == ["hourly", "daily"]


async def test_archiving_on_demand_by_the_creator(live_client):
    place = await community(live_client)
    thread = await start_thread(live_client, place)
    archived = await tok(live_client, "PATCH", f"/api/threads/{thread['id']}", {"archived": True}, place.owner.token)
    assert archived["archived"] is True and archived["archivedAt"] is not None
    back = await tok(live_client, "PATCH", f"/api/threads/{thread['id']}", {"archived": False}, place.owner.token)
    assert back["archived"] is False and back["archivedAt"] is None


async def test_a_locked_thread_takes_only_moderators_messages(live_client):
    place = await community(live_client)
    fellow, moderator = await join(live_client, place), await join(live_client, place)
    await role_with(live_client, place, 2 | 8, moderator)
    thread = await start_thread(live_client, place)
    path = f"/api/channels/{thread['id']}/messages"
    await tok(live_client, "POST", path, {"content": "before"}, fellow.token)
    await tok(live_client, "PATCH", f"/api/threads/{thread['id']}", {"locked": True}, moderator.token)

    assert await tcall(live_client, "POST", path, {"content": "after"}, fellow.token) == (
        403,
        error("This thread is locked."),
    )
    assert await tcall(live_client, "POST", f"/api/channels/{thread['id']}/typing", token=fellow.token) == (
        403,
        error("This thread is locked."),
    )
    status, sent = await tcall(live_client, "POST", path, {"content": "moderated"}, moderator.token)
    assert status == 200 and sent["channelId"] == thread["id"]
    history = await tok(live_client, "GET", path, token=fellow.token)
    assert [m["content"] for m in history] == ["before", "moderated"]
