"""Migration 0002 gives the posts made before it their thread's own time, the time their pages sort
on and take as their cursor (a post whose row held an earlier one came back page after page)."""

import importlib
from datetime import timedelta

from tortoise import connections

from plugins.forums.models import ForumPost
from plugins.threads.models import Thread
from tests.plugins.forums.helpers import forum, post
from tests.plugins.servers.helpers import community
from tests.plugins.threads.helpers import tok

[OPERATION] = importlib.import_module("plugins.forums.migrations.0002_post_times_of_their_threads").Migration.operations


async def test_a_post_made_before_it_takes_its_threads_time_and_its_pages_end(live_client):
    place = await community(live_client)
    forum_id = await forum(live_client, place)
    made = [await post(live_client, place.owner, forum_id, f"post {n}") for n in range(3)]
    ids = [int(p["id"]) for p in made]
    # as such a post's row was written: a moment before its thread, across a millisecond
    for channel_id in ids:
        thread = await Thread.get(channel_id=channel_id)
        await ForumPost.filter(channel_id=channel_id).update(
            created_at=thread.created_at - timedelta(microseconds=1500)
        )

    await connections.get("default").execute_script(OPERATION.sql)

    times = dict(await Thread.filter(channel_id__in=ids).values_list("channel_id", "created_at"))
    assert dict(await ForumPost.filter(channel_id__in=ids).values_list("channel_id", "created_at")) == times
    titles, before = [], ""
    for _ in range(len(ids) + 1):
        page = await tok(
            live_client, "GET", f"/api/forums/{forum_id}/posts?limit=1&sort=created{before}", token=place.owner.token
        )
        titles += [p["title"] for p in page["posts"]]
        if not page["hasMore"]:
            break
        before = f"&before={page['posts'][-1]['createdAt']}"
    assert titles == ["post 2", "post 1", "post 0"]
