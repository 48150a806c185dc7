"""What the server does to post text (rest.md §7.7): length limits, ``@name:tag`` mentions
turned into ``[@:<id>]``, masked words."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tortoise.expressions import Q

from core.context import hearth
from core.identity.models import User

SUPPORTER = 8
USER_MENTION = re.compile(r"\[@:(\d{1,19})\]")
TYPED_MENTION = re.compile(r"@([^\s@:\[\]]{1,35}):([A-Za-z0-9]{4})")
MAX_MENTIONS = 20


def content_limit(user: User) -> int:
    """500 characters, 1,500 with the supporter badge."""
    return 1500 if user.badges & SUPPORTER else 500


def length_message(user: User) -> str:
    return f"Content length must be between 1 and {content_limit(user)} characters."


def mask_words(text: str, words: Iterable[str]) -> str:
    """Each configured word (case-insensitive) becomes as many asterisks."""
    for word in words:
        if word:
            text = re.sub(re.escape(word), lambda m: "*" * len(m.group(0)), text, flags=re.IGNORECASE)
    return text


async def resolve_mentions(text: str) -> str:
    """``@username:tag`` of existing accounts and bots becomes ``[@:<id>]`` (one query)."""
    pairs = list(dict.fromkeys(TYPED_MENTION.findall(text)))[:MAX_MENTIONS]
    if not pairs:
        return text
    condition = Q()
    for username, tag in pairs:
        condition |= Q(username=username, tag=tag)
    found = {
        (u.username, u.tag): u.id for u in await User.filter(condition, deleted=False).only("id", "username", "tag")
    }

    def replace(match: re.Match[str]) -> str:
        user_id = found.get((match.group(1), match.group(2)))
        return f"[@:{user_id}]" if user_id is not None else match.group(0)

    return TYPED_MENTION.sub(replace, text)


def mentioned_ids(text: str | None) -> list[int]:
    """The ``[@:<id>]`` user ids in ``text``, first occurrence order, at most 20."""
    ids: list[int] = []
    for value in USER_MENTION.findall(text or ""):
        number = int(value)
        if number < 2**63 and number not in ids:
            ids.append(number)
        if len(ids) >= MAX_MENTIONS:
            break
    return ids


async def prepare(text: str) -> str:
    """Trimmed, masked, mentions resolved: what is stored."""
    masked = mask_words(text.strip(), hearth().settings.get("posts.masked_words") or [])
    return await resolve_mentions(masked)
