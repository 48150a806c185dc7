"""Forums without the posts plugin (its optional dependency): everything but sharing works, and
the share route is not there."""

from tests.plugins.forums.helpers import forum, post
from tests.plugins.messages.helpers import error
from tests.plugins.servers.helpers import community
from tests.plugins.threads.helpers import tcall


async def test_no_sharing_without_posts(client_without):
    client = await client_without("posts")
    place = await community(client)
    forum_id = await forum(client, place)
    made = await post(client, place.owner, forum_id)
    assert made["sharedPostId"] is None
    assert await tcall(client, "POST", f"/api/forums/posts/{made['id']}/share", token=place.owner.token) == (
        404,
        error("Not found."),
    )
