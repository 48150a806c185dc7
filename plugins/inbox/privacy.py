"""Who may message whom in a DM (entities.md §5.5, spec §6).

Friends and blocks come from the friends plugin, which is optional: without it nobody is
friends and nobody is blocked, so "friends only" lets nobody in (as the reference's "nobody"
would) and "friends and servers" lets in people sharing a server (asked through the kernel's
``shared_server_ids`` hook, which the servers plugin answers)."""

from __future__ import annotations

from core.context import hearth
from core.errors import ApiError
from core.identity.models import Account

OPEN, FRIENDS_AND_SERVERS, FRIENDS = 0, 1, 2

MESSAGES = {
    "BLOCKED_BY_REQUESTER": "You have blocked this user.",
    "BLOCKED_BY_RECIPIENT": "You cannot message this user.",
    "NOT_FRIENDS_REQUESTER": "Your privacy settings does not allow you to message this user because you are not friends with them.",
    "NOT_FRIENDS_RECIPIENT": "This users privacy settings does not allow you to message this user because you are not friends with them.",
    "NOT_FRIENDS_AND_SERVERS_REQUESTER": "Your privacy settings does not allow you to message this user because you are not friends with them and you do not share a server with them.",
    "NOT_FRIENDS_AND_SERVERS_RECIPIENT": "This users privacy settings does not allow you to message this user because you are not friends with them and you do not share a server with them.",
    "UNKNOWN": "You cannot message this user.",
}


async def _block_state(sender_id: int, recipient_id: int) -> tuple[bool, bool]:
    if not hearth().plugins.enabled("friends"):
        return False, False
    from plugins.friends.service import block_state

    return await block_state(sender_id, recipient_id)


async def blocked_either_way(user_id: int, other_id: int) -> bool:
    """Whether either has blocked the other (never, without friends): voice refuses DM calls then."""
    return any(await _block_state(user_id, other_id))


async def _are_friends(sender_id: int, recipient_id: int) -> bool:
    if not hearth().plugins.enabled("friends"):
        return False
    from plugins.friends.service import are_friends

    return await are_friends(sender_id, recipient_id)


async def _share_a_server(sender_id: int, recipient_id: int) -> bool:
    answers = await hearth().plugins.gather("shared_server_ids", user_id=sender_id, other_id=recipient_id)
    return any(answers)


async def refusal(sender_id: int, recipient_id: int) -> str | None:
    """The error code that stops ``sender`` messaging ``recipient``, or None."""
    if sender_id == recipient_id:
        return None
    blocked_by_sender, blocked_by_recipient = await _block_state(sender_id, recipient_id)
    if blocked_by_sender:
        return "BLOCKED_BY_REQUESTER"
    if blocked_by_recipient:
        return "BLOCKED_BY_RECIPIENT"
    statuses = dict(await Account.filter(user_id__in=[sender_id, recipient_id]).values_list("user_id", "dm_status"))
    mine, theirs = statuses.get(sender_id, OPEN), statuses.get(recipient_id, OPEN)
    if mine == OPEN and theirs == OPEN:
        return None
    if await _are_friends(sender_id, recipient_id):
        return None
    if mine == FRIENDS:
        return "NOT_FRIENDS_REQUESTER"
    if theirs == FRIENDS:
        return "NOT_FRIENDS_RECIPIENT"
    if await _share_a_server(sender_id, recipient_id):
        return None
    return "NOT_FRIENDS_AND_SERVERS_REQUESTER" if mine == FRIENDS_AND_SERVERS else "NOT_FRIENDS_AND_SERVERS_RECIPIENT"


async def check_can_message(sender_id: int, recipient_id: int) -> None:
    code = await refusal(sender_id, recipient_id)
    if code is not None:
        raise ApiError(400, MESSAGES[code], None, code=code)
