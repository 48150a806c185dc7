"""A webhook posts into a thread of its channel with ``?thread_id=``: the message lands in the
thread (never the parent's history), reaches the thread's opted-in audience, wakes an archived
thread; a locked thread, or a thread of another channel, refuses."""

from tests.plugins.messages.helpers import error
from tests.plugins.servers.helpers import community, ok
from tests.plugins.threads.helpers import start_thread, threads_socket, tok
from tests.plugins.webhooks.helpers import execute, execute_path, make_webhook


async def test_a_webhook_posts_into_a_thread(live_client, sockets):
    place = await community(live_client)
    watcher = await threads_socket(sockets, place.owner)
    thread = await start_thread(live_client, place)
    await tok(live_client, "PATCH", f"/api/threads/{thread['id']}", {"archived": True}, place.owner.token)
    path = await execute_path(live_client, place, await make_webhook(live_client, place))

    status, message = await execute(live_client, f"{path}?thread_id={thread['id']}", {"content": "deployed"})

    assert status == 200 and message["channelId"] == thread["id"] and message["createdById"] is None
    created = await watcher.wait_for("message:created", count=2)
    assert created["message"]["id"] == message["id"]
    assert (await tok(live_client, "GET", f"/api/threads/{thread['id']}", token=place.owner.token))["archived"] is False
    history = await ok(live_client, "GET", f"/api/channels/{place.general}/messages", token=place.owner.token)
    assert "deployed" not in [m["content"] for m in history]

    assert await execute(live_client, f"{path}?thread_id=123", {"content": "x"}) == (
        400,
        error("Thread does not exist.", "thread_id"),
    )
    other = await ok(live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "other"}, place.owner.token)
    elsewhere = await tok(
        live_client, "POST", "/api/threads", {"channelId": other["id"], "name": "x"}, place.owner.token
    )
    assert await execute(live_client, f"{path}?thread_id={elsewhere['id']}", {"content": "x"}) == (
        400,
        error("Thread does not exist.", "thread_id"),
    )
    await tok(live_client, "PATCH", f"/api/threads/{thread['id']}", {"locked": True}, place.owner.token)
    assert await execute(live_client, f"{path}?thread_id={thread['id']}", {"content": "x"}) == (
        403,
        error("This thread is locked."),
    )
