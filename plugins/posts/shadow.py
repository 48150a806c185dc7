"""What a shadow-banned author gets back from ``POST /posts`` (rest.md §0.8, §7.7): a post that
looks made — their content with its mentions, image, poll and parent — but is neither stored,
nor notified, nor announced. Fetching it later answers ``null``, as for any unknown post."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core.identity.models import User
from core.ids import new_id
from core.wire import ms, public_user
from plugins.accounts.public_profile import brief_profiles
from plugins.posts.content import mentioned_ids
from plugins.posts.models import Post
from plugins.posts.relations import relations
from plugins.posts.wire import serialize_id


async def fake_post(
    user: User, content: str | None, parent: Post | None, attachment: dict[str, Any] | None, choices: list[str]
) -> dict[str, Any]:
    post_id = new_id()
    mentioned = mentioned_ids(content)
    found = {u.id: u for u in await User.filter(id__in=mentioned)} if mentioned else {}
    poll = None
    if choices:
        poll = {
            "id": str(new_id()),
            "_count": {"votedUsers": 0},
            "votedUsers": [],
            "choices": [{"id": str(new_id()), "content": c, "_count": {"votedUsers": 0}} for c in choices],
        }
    comment_to = None if parent is None else await serialize_id(parent.id, await relations(user, follows=True))
    return {
        "id": str(post_id),
        "createdById": str(user.id),
        "content": content,
        "createdAt": ms(datetime.now(UTC)),
        "editedAt": None,
        "deleted": False,
        "commentToId": None if parent is None else str(parent.id),
        "repostId": None,
        "quotedPostId": None,
        "views": 0,
        "estimateLikes": 0,
        "estimateReposts": 0,
        "embed": None,
        "createdBy": {**public_user(user), "profile": (await brief_profiles([user.id])).get(user.id)},
        "mentions": [
            {
                "id": str(i),
                "username": found[i].username,
                "tag": found[i].tag,
                "hexColor": found[i].hex_color,
                "avatar": found[i].avatar,
                "badges": found[i].badges,
            }
            for i in mentioned
            if i in found
        ],
        "attachments": [attachment] if attachment else [],
        "poll": poll,
        "_count": {"likedBy": 0, "comments": 0, "reposts": 0},
        "likedBy": [],
        "reposts": [],
        "commentTo": comment_to,
        "repost": None,
    }
