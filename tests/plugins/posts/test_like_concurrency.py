"""200 likes a second on one post from different users lose no update: the post's counter
equals its like rows (the counter is what every page shows as `_count.likedBy`)."""

from __future__ import annotations

import asyncio

import aiohttp

from core.identity.models import User
from core.identity.sessions import create_session
from plugins.posts.models import Post, PostLike, PostNotification
from tests.plugins.posts.helpers import confirmed, post

LIKERS = 200
PER_SECOND = 200


async def people(count: int) -> list[str]:
    """Tokens of ``count`` users made directly (registering through argon2 would take minutes)."""
    users = [User(username=f"liker{n}", tag=f"{n:04d}") for n in range(count)]
    await User.bulk_create(users)
    tokens = []
    for user in await User.filter(username__startswith="liker").order_by("id"):
        _, token = await create_session(user)
        tokens.append(token)
    return tokens


async def test_200_likes_a_second_on_one_post(live_server, live_client):
    author = await confirmed()
    target = await post(live_client, author, "like me, everyone")
    tokens = await people(LIKERS)

    async with aiohttp.ClientSession() as http:

        async def like(index: int, token: str) -> int:
            await asyncio.sleep(index / PER_SECOND)  # spread over one second
            async with http.post(
                f"{live_server.url}/api/posts/{target['id']}/like", headers={"Authorization": token}
            ) as response:
                await response.read()
                return response.status

        statuses = await asyncio.wait_for(asyncio.gather(*(like(i, t) for i, t in enumerate(tokens))), 120)

    assert statuses == [200] * LIKERS
    likes = await PostLike.filter(post_id=int(target["id"])).count()
    stored = await Post.get(id=int(target["id"]))
    assert likes == LIKERS and stored.estimate_likes == LIKERS
    assert await PostNotification.filter(to_id=int(author.id)).count() == LIKERS
