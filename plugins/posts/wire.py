"""Posts as the wire shows them (entities.md §8.1), a whole page from one statement
(``pagesql``): rows become JSON-ready dicts directly, without model instances.

Like, repost and vote counts are counters on the rows (kept in the transactions that change
them), so no page counts likes; ``_count.comments`` is a count per post of the page."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from plugins.accounts.public_profile import brief_profile, profile_extras
from plugins.posts.pagesql import Selection, fetch
from plugins.posts.queries import by_ids
from plugins.posts.relations import Relations


def _ms(value: Any) -> int | None:
    """Epoch ms of a timestamp as the driver returns it (PostgreSQL: an aware datetime; SQLite:
    Tortoise's ISO text), the same figure ``core.wire.ms`` gives for the model's value."""
    if value is None:
        return None
    if type(value) is str:
        value = datetime.fromisoformat(value)
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
    return int(value.timestamp() * 1000)


def _json(value: Any) -> Any:
    return json.loads(value) if type(value) is str else value


def _sid(value: int | None) -> str | None:
    return None if value is None else str(value)


class _Post:
    """One loaded row: what nesting and stubs need, and the wire body."""

    __slots__ = ("id", "author_id", "comment_to_id", "repost_id", "quoted_post_id", "author", "body", "gate")

    def __init__(self, row: Any):
        (
            _,
            post_id,
            author_id,
            content,
            created_at,
            edited_at,
            deleted,
            comment_to_id,
            repost_id,
            quoted_post_id,
            views,
            likes,
            reposts_count,
            embed,
            attachment,
            mention_ids,
            has_poll,
            username,
            tag,
            hex_color,
            avatar,
            banner,
            badges,
            bot,
            joined_at,
            profile_user_id,
            font,
            comments,
            poll,
            mentions,
            liked_id,
            voted_choice_id,
            reposts,
            gate,
            share,
        ) = row
        self.id, self.author_id, self.comment_to_id, self.repost_id = post_id, author_id, comment_to_id, repost_id
        self.quoted_post_id, self.gate = quoted_post_id, gate
        self.author = {
            "id": str(author_id),
            "username": username,
            "tag": tag,
            "hexColor": hex_color,
            "avatar": avatar,
            "banner": banner,
            "badges": badges,
            "bot": None if bot is None else bool(bot),
            "joinedAt": _ms(joined_at),
            "profile": None if profile_user_id is None else brief_profile(font),
        }
        attachment = _json(attachment)
        self.body = {
            "id": str(post_id),
            "createdById": str(author_id),
            "content": content,
            "createdAt": _ms(created_at),
            "editedAt": _ms(edited_at),
            "deleted": bool(deleted),
            "commentToId": _sid(comment_to_id),
            "repostId": _sid(repost_id),
            "quotedPostId": _sid(quoted_post_id),
            "views": views,
            "estimateLikes": likes,
            "estimateReposts": reposts_count,
            "embed": _json(embed),
            "createdBy": self.author,
            "mentions": [] if mentions is None else _mentions(_json(mention_ids), _json(mentions)),
            "attachments": [attachment] if attachment else [],
            "poll": _poll(_json(poll), voted_choice_id) if has_poll else None,
            "_count": {"likedBy": likes, "comments": comments, "reposts": reposts_count},
            "likedBy": [] if liked_id is None else [{"id": str(liked_id)}],
            "reposts": [
                {"id": str(repost_id), "createdBy": {"id": str(by_id), "username": by_name}}
                for repost_id, by_id, by_name in sorted(_json(reposts) or ())
            ],
        }
        if share is not None:  # only on gated posts, which only viewers the gate lets in receive
            self.body["share"] = _json(share)


def _mentions(ids: list[int] | None, users: list[list[Any]] | None) -> list[dict[str, Any]]:
    """The mentioned users in the order the post mentions them."""
    if not ids or not users:
        return []
    found = {user[0]: user for user in users}
    return [
        {
            "id": str(i),
            "username": found[i][1],
            "tag": found[i][2],
            "hexColor": found[i][3],
            "avatar": found[i][4],
            "badges": found[i][5],
        }
        for i in ids
        if i in found
    ]


def _poll(choices: list[list[Any]] | None, voted_choice_id: int | None) -> dict[str, Any] | None:
    if not choices:
        return None
    choices.sort()
    return {
        "id": str(choices[0][3]),
        "_count": {"votedUsers": sum(votes for _, _, votes, _ in choices)},
        "votedUsers": [] if voted_choice_id is None else [{"pollChoiceId": str(voted_choice_id)}],
        "choices": [
            {"id": str(choice_id), "content": content, "_count": {"votedUsers": votes}}
            for choice_id, content, votes, _ in choices
        ],
    }


async def _add_profile_extras(posts: Iterable[_Post]) -> None:
    """The worn clans (and whatever else plugins add to profiles) of the page's authors: one
    ``profile_extras`` call for the whole page, nested posts included."""
    with_profile = [post.author for post in posts if post.author["profile"] is not None]
    extras = await profile_extras(int(author["id"]) for author in with_profile)
    for author in with_profile:
        author["profile"].update(extras.get(int(author["id"]), {}))


class _Page:
    def __init__(self, rows: list[Any], rel: Relations):
        self.rel = rel
        self.listed: list[_Post] = []
        self.posts: dict[int, _Post] = {}
        for row in rows:
            post = _Post(row)
            self.posts.setdefault(post.id, post)
            if not row[0]:  # not nested: one of the page's posts
                self.listed.append(post)

    def stub(self, post: _Post, comment_to: dict[str, Any] | None = None) -> dict[str, Any]:
        """What a viewer blocked by the author gets (rest.md §7.11)."""
        return {
            "id": str(post.id),
            "commentToId": _sid(post.comment_to_id),
            "createdBy": post.author,
            "commentTo": comment_to,
            "quotedPostId": _sid(post.quoted_post_id),
            "block": True,
        }

    def nested(self, post_id: int | None) -> dict[str, Any] | None:
        post = self.posts.get(post_id) if post_id is not None else None
        if post is None:
            return None
        return self.stub(post) if self.rel.hides(post.author_id) else post.body

    def full(self, post: _Post) -> dict[str, Any]:
        if self.rel.hides(post.author_id):
            return self.stub(post, self.nested(post.comment_to_id))
        return {**post.body, "commentTo": self.nested(post.comment_to_id), "repost": self.nested(post.repost_id)}


async def load(selection: Selection | None, rel: Relations) -> list[dict[str, Any]]:
    """The selected page's posts for ``rel.viewer_id``, each with its parent (``commentTo``)
    and reposted post (``repost``), stubbed where their author blocked the viewer."""
    if selection is None:
        return []
    page = _Page(await fetch(selection, rel), rel)
    await _add_profile_extras(page.posts.values())
    listed = await _behind_open_gates(page, rel)
    if selection.keep_order_of is not None:
        by_id = {post.id: post for post in listed}
        listed = [by_id[i] for i in dict.fromkeys(selection.keep_order_of) if i in by_id]
    elif selection.reverse:
        listed.reverse()
    return [page.full(post) for post in listed]


async def _behind_open_gates(page: _Page, rel: Relations) -> list[_Post]:
    """The page's posts the viewer may see: a gated post (and a repost or reply of one) only when
    its gate opens for them (``post_gates_open``); one question per page, none without gates."""
    gates = {post.gate for post in page.posts.values() if post.gate is not None}
    if not gates:
        return page.listed
    shut = gates - await gates_open(rel.viewer_id, gates)

    def shown(post_id: int | None) -> bool:
        post = page.posts.get(post_id) if post_id is not None else None
        return post is None or post.gate not in shut

    return [p for p in page.listed if shown(p.id) and shown(p.repost_id) and shown(p.comment_to_id)]


async def gates_open(viewer_id: int | None, gates: set[str]) -> set[str]:
    from core.context import hearth

    opened: set[str] = set()
    for answer in await hearth().plugins.gather("post_gates_open", viewer_id=viewer_id, gates=sorted(gates)):
        opened |= set(answer or ())
    return opened


async def serialize_ids(post_ids: list[int], rel: Relations) -> list[dict[str, Any]]:
    """These posts, in this order (unknown ones left out)."""
    return await load(by_ids(rel, post_ids), rel) if post_ids else []


async def serialize_id(post_id: int, rel: Relations) -> dict[str, Any] | None:
    found = await serialize_ids([post_id], rel)
    return found[0] if found else None
