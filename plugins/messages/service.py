"""Message rules shared by every channel kind: load-and-check (CHV), send, history, edit,
delete, pins, reactions, read state."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F

from core.cdn.service import verify_file
from core.context import hearth
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.ids import id_timestamp_ms, new_id, parse_id
from core.prepared import Statement, fetch_rows, insert_statement, joins_inserts, prepared, write_together
from plugins.messages.content import parse_content
from plugins.messages.echo import echo_room
from plugins.messages.htmlembed import HtmlEmbedError, encode_html_embed
from plugins.messages.kinds import Access, Sending, announce, kind_for, takes_messages, to_user
from plugins.messages.models import (
    CATEGORY,
    CONTENT,
    PINNED_MESSAGE,
    Attachment,
    Channel,
    MentionCounter,
    Message,
    Reaction,
    ReadState,
)
from plugins.messages.wire import serialize_message, serialize_messages

PAGE_SIZE = 50
MAX_PAGE = 100
MAX_REACTIONS = 15
PINS_PAGE = 10


def now() -> datetime:
    return datetime.now(UTC)


def new_message_id() -> tuple[int, datetime]:
    """A flake id and the time it carries: ``createdAt`` follows id order exactly."""
    message_id = new_id()
    return message_id, datetime.fromtimestamp(id_timestamp_ms(message_id) / 1000, UTC)


@prepared
def _channel_by_id(channel_id: int) -> Any:
    return Channel.get_or_none(id=channel_id)


async def load_channel(user: User, channel_id: str) -> Access:
    """CHV (rest.md §0.5): the channel, if it exists and the user may view it."""
    parsed = parse_id(channel_id)
    channel = await _channel_by_id(parsed) if parsed is not None else None
    if channel is None or channel.deleting:
        raise ApiError(403, "Channel does not exist.")
    return await kind_for(channel).access(user, channel)


async def viewable_channel_ids(user: User, channel_ids: list[int]) -> set[int]:
    """The ids among ``channel_ids`` the user may view now (CHV's rule), in a few queries per
    kind of channel whatever their number: for lists of things that point into channels."""
    wanted = list(dict.fromkeys(channel_ids))
    if not wanted:
        return set()
    return await viewable_among(user, await Channel.filter(id__in=wanted, deleting=False))


async def viewable_among(user: User, channels: list[Channel]) -> set[int]:
    """:func:`viewable_channel_ids` of channel rows already loaded (not being deleted)."""
    by_kind: dict[int, list[Channel]] = {}
    for channel in channels:
        by_kind.setdefault(channel.type, []).append(channel)
    visible: set[int] = set()
    for channels in by_kind.values():
        try:
            kind = kind_for(channels[0])
        except ApiError:
            continue
        if hasattr(kind, "viewable"):
            visible |= await kind.viewable(user, channels)
            continue
        for channel in channels:  # a kind without the batch form: one check per channel
            try:
                await kind.access(user, channel)
                visible.add(channel.id)
            except ApiError:
                pass
    return visible


async def rooms(access: Access) -> list[str]:
    return await access.kind.rooms(access.channel)


async def emit(access: Access, event: str, data: Any, skip_sid: str | None = None) -> None:
    await announce(access.kind, access.channel, await rooms(access), event, data, skip_sid)


# --- history ----------------------------------------------------------------------------


def page_limit(raw: str | None, default: int = PAGE_SIZE) -> int | None:
    """``limit``: missing, 0 or not a number → default; over 100 or negative → None (empty page)."""
    try:
        limit = int(raw) if raw is not None else 0
    except ValueError:
        return default
    if limit < 0 or limit > MAX_PAGE:
        return None
    return limit or default


async def history(
    access: Access, viewer: User, limit: int | None, before: str | None, after: str | None, around: str | None
) -> list[dict[str, Any]]:
    if access.channel.type == CATEGORY:
        raise bad_request("Cannot get messages from a category channel")
    if limit is None:
        return []
    base = Message.filter(channel_id=access.channel.id)
    around_id, before_id, after_id = parse_id(around), parse_id(before), parse_id(after)
    if around_id is not None:
        half = -(-limit // 2)
        older = await base.filter(id__lte=around_id).order_by("-id").limit(half)
        newer = await base.filter(id__gt=around_id).order_by("id").limit(half)
        rows = [*reversed(older), *newer]
    elif before_id is not None:
        rows = list(reversed(await base.filter(id__lt=before_id).order_by("-id").limit(limit)))
    elif after_id is not None:
        rows = await base.filter(id__gt=after_id).order_by("id").limit(limit)
    else:
        rows = list(reversed(await base.order_by("-id").limit(limit)))
    return await serialize_messages(rows, viewer.id)


async def get_message(access: Access, message_id: str) -> Message:
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed, channel_id=access.channel.id) if parsed is not None else None
    if message is None:
        raise ApiError(404, "Message not found!")
    return message


# --- send ---------------------------------------------------------------------------------

_MESSAGED = f"UPDATE {Channel._meta.db_table} SET last_messaged_at = $1 WHERE id = $2"


async def send(access: Access, sender: User, account: Account | None, body: Any) -> dict[str, Any]:
    """``sender``'s message; ``account`` is theirs (None for a bot)."""
    channel = access.channel
    if not takes_messages(channel):
        raise bad_request("You cannot send messages in this channel.")
    parsed = parse_content(body.content)
    if body.nerimityCdnFileId and account is not None and not account.email_confirmed:
        raise bad_request("You must confirm your email to send attachment messages.")
    if account is not None and not account.email_confirmed:
        raise bad_request("You must confirm your email to send messages.")
    sending = await access.kind.sending(sender, access)  # all this send asks of the channel's kind
    html_embed = None
    if body.htmlEmbed:
        try:
            html_embed = encode_html_embed(body.htmlEmbed)
        except HtmlEmbedError as error:
            raise ApiError(400, str(error), "htmlEmbed") from None
    if not parsed.content and not body.nerimityCdnFileId and not html_embed:
        raise bad_request("content or attachment is required.")
    if hearth().standing.shadow_banned(sender.id):
        return shadow_message(channel, sender, body, parsed.content)
    upload = None
    if body.nerimityCdnFileId:
        upload = await verify_file(sender.id, body.nerimityCdnFileId, "attachments", group_id=str(channel.id))

    reply_ids = await _same_channel_ids(channel.id, body.replyToMessageIds or [])
    quote_ids = await _quotable_ids(channel.id, parsed.quote_ids)
    mention_ids = (
        list(await User.filter(id__in=parsed.user_ids).values_list("id", flat=True)) if parsed.user_ids else []
    )
    mention_ids = [u for u in parsed.user_ids if u in set(mention_ids)]
    message_id, created_at = new_message_id()
    message = Message(
        id=message_id,
        channel_id=channel.id,
        type=CONTENT,
        content=parsed.content or None,
        created_by_id=sender.id,
        created_at=created_at,
        silent=True if (parsed.silent or body.silent) else None,
        mention_replies=body.mentionReplies,
        html_embed=html_embed,
        mention_user_ids=[str(u) for u in mention_ids],
        role_mention_ids=[],
        quoted_message_ids=[str(q) for q in quote_ids],
        reply_to_ids=[str(r) for r in reply_ids],
        buttons=body.buttons or [],
        mentions_everyone=parsed.everyone,
    )
    message._attachments = []
    channel.last_messaged_at = created_at
    quick = sending.writes(message) if upload is None and joins_inserts() else None
    if quick is not None:
        # the usual message (no attachment, nobody named): stored with what goes with it in one statement
        await write_together([insert_statement(message), (_MESSAGED, [created_at, channel.id]), *quick])
        message._saved_in_db = True
        wire = await serialize_message(message, sender.id, fresh=True, known_users=[sender])
    else:
        async with transaction():
            await message.save(force_create=True)
            if upload is not None:
                message._attachments.append(
                    await Attachment.create(
                        message_id=message.id,
                        channel_id=channel.id,
                        server_id=access.server_id,
                        provider="local",
                        mime=upload.mimetype,
                        path=upload.path,
                        width=upload.width,
                        height=upload.height,
                        filesize=upload.size,
                    )
                )
            await fetch_rows(_MESSAGED, [created_at, channel.id])
            await sending.after(message)
            wire = await serialize_message(message, sender.id, fresh=True, known_users=[sender])
    await _announce_created(access, sending, wire, sender, body.socketId)
    await hearth().plugins.gather("message_sent", message=message, access=access)
    return wire


def shadow_message(channel: Channel, sender: User, body: Any, content: str | None) -> dict[str, Any]:
    """What a shadow-banned sender gets back (rest.md §3.7): looks sent, is neither stored nor
    announced."""
    message_id, created_at = new_message_id()
    return {
        **body.model_dump(exclude_none=True),
        "id": str(message_id),
        "content": content,
        "createdBy": {
            "id": str(sender.id),
            "username": sender.username,
            "avatar": sender.avatar,
            "tag": sender.tag,
            "hexColor": sender.hex_color,
            "badges": sender.badges,
        },
        "channelId": str(channel.id),
        "createdAt": int(created_at.timestamp() * 1000),
        "reactions": [],
        "roleMentions": [],
        "quotedMessages": [],
        "type": CONTENT,
    }


async def _same_channel_ids(channel_id: int, raw_ids: list[str]) -> list[int]:
    wanted = [parse_id(i) for i in raw_ids]
    wanted = [i for n, i in enumerate(wanted) if i is not None and i not in wanted[:n]]
    if not wanted:
        return []
    found = set(await Message.filter(id__in=wanted, channel_id=channel_id).values_list("id", flat=True))
    return [i for i in wanted if i in found]


async def _quotable_ids(channel_id: int, ids: list[int]) -> list[int]:
    if not ids:
        return []
    found = set(await Message.filter(id__in=ids, channel_id=channel_id, type=CONTENT).values_list("id", flat=True))
    return [i for i in ids if i in found]


async def _announce_created(
    access: Access, sending: Sending, wire: dict[str, Any], sender: User, socket_id: str | None
) -> None:
    payload = {"message": wire, **sending.created}
    gateway = hearth().gateway
    own = echo_room(gateway, sender, socket_id)
    if own is None:
        await announce(access.kind, access.channel, sending.rooms, "message:created", payload)
        return
    await announce(access.kind, access.channel, sending.rooms, "message:created", payload, socket_id)
    await gateway.emit("message:created", {**payload, "socketId": socket_id}, to=own)


async def system_message(access: Access, actor: User, message_type: int) -> dict[str, Any]:
    """Store and announce a system message (content empty, ``createdBy`` = the actor)."""
    message_id, created_at = new_message_id()
    message = await Message.create(
        id=message_id, channel_id=access.channel.id, type=message_type, created_by_id=actor.id, created_at=created_at
    )
    await Channel.filter(id=access.channel.id).update(last_messaged_at=created_at)
    wire = await serialize_message(message, actor.id, fresh=True)
    await _announce_created(access, await access.kind.sending(actor, access, check=False), wire, actor, None)
    return wire


async def webhook_message(
    channel: Channel, webhook_id: int, content: str, creator_override: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Store and announce a CONTENT message posted by a webhook (rest.md §17): no creator
    (``createdById`` null), no notifications or mention counters for whom it names, and the
    same ``message:created`` a member's message gets, with ``member`` null."""
    if not takes_messages(channel):
        raise bad_request("You cannot send messages in this channel.")
    parsed = parse_content(content)
    if not parsed.content:
        raise bad_request("Content is required.")
    quote_ids = await _quotable_ids(channel.id, parsed.quote_ids)
    known = set(await User.filter(id__in=parsed.user_ids).values_list("id", flat=True)) if parsed.user_ids else set()
    access = Access(channel=channel, kind=kind_for(channel), server_id=channel.server_id)
    message_id, created_at = new_message_id()
    async with transaction():
        message = await Message.create(
            id=message_id,
            channel_id=channel.id,
            type=CONTENT,
            content=parsed.content,
            created_by_id=None,
            created_at=created_at,
            silent=True if parsed.silent else None,
            mention_user_ids=[str(u) for u in parsed.user_ids if u in known],
            role_mention_ids=[],
            quoted_message_ids=[str(q) for q in quote_ids],
            reply_to_ids=[],
            buttons=[],
            webhook_id=webhook_id,
            creator_override=creator_override,
        )
        await Channel.filter(id=channel.id).update(last_messaged_at=created_at)
        wire = await serialize_message(message, None, fresh=True)
        sending = await access.kind.sending(None, access, check=False)  # nobody sent it as a member
        await announce(access.kind, channel, sending.rooms, "message:created", {"message": wire, **sending.created})
    await hearth().plugins.gather("message_sent", message=message, access=access)
    return wire


# --- edit / delete ------------------------------------------------------------------------


async def edit(access: Access, editor: User, message_id: str, body: Any) -> dict[str, Any]:
    if not body.content and not body.htmlEmbed:
        raise bad_request("content or htmlEmbed is required.")
    parsed_id = parse_id(message_id)
    message = (
        await Message.get_or_none(id=parsed_id, channel_id=access.channel.id, created_by_id=editor.id, type=CONTENT)
        if parsed_id is not None
        else None
    )
    if message is None:
        raise bad_request("Message does not exist or is not created by you.")
    parsed = parse_content(body.content) if body.content is not None else None
    html_embed = message.html_embed
    if body.htmlEmbed:
        try:
            html_embed = encode_html_embed(body.htmlEmbed)
        except HtmlEmbedError as error:
            raise ApiError(400, str(error), "htmlEmbed") from None
    new_content = parsed.content if parsed is not None else message.content
    unchanged = (
        new_content == message.content
        and html_embed == message.html_embed
        and (body.buttons is None or body.buttons == message.buttons)
    )
    if unchanged:
        return await serialize_message(message, editor.id, with_reactions=False)
    if not new_content and not html_embed and not await Attachment.exists(message_id=message.id):
        raise bad_request("content or htmlEmbed is required.")
    previous_content = message.content
    message.content = new_content or None
    message.html_embed = html_embed
    message.edited_at = now()
    if body.buttons is not None:
        message.buttons = body.buttons
    if parsed is not None and parsed.user_ids:
        existing = set(await User.filter(id__in=parsed.user_ids).values_list("id", flat=True))
        message.mention_user_ids = [str(u) for u in parsed.user_ids if u in existing]
    if parsed is not None and parsed.quote_ids:
        message.quoted_message_ids = [str(q) for q in await _quotable_ids(access.channel.id, parsed.quote_ids)]
    async with transaction():
        await message.save()
        wire = await serialize_message(message, editor.id, with_reactions=False)
        await emit(
            access,
            "message:updated",
            {"channelId": str(access.channel.id), "messageId": str(message.id), "updated": wire},
        )
    await hearth().plugins.gather("message_edited", message=message, access=access, previous_content=previous_content)
    return wire


async def delete(access: Access, user: User, message_id: str) -> None:
    message = await get_message(access, message_id)
    if message.created_by_id != user.id and not access.can_manage_messages:
        raise ApiError(403, access.manage_denied)
    attachments = await Attachment.filter(message_id=message.id)
    async with transaction():
        await message.delete()
        payload: dict[str, Any] = {"channelId": str(access.channel.id), "messageId": str(message.id)}
        if access.server_id is None:
            payload["deletedAttachmentCount"] = len(attachments)
        await emit(access, "message:deleted", payload)
    storage = hearth().storage
    for attachment in attachments:
        if attachment.path:
            await storage.delete(attachment.path)


# --- pins ---------------------------------------------------------------------------------


async def pins(access: Access, viewer: User, after_id: str | None) -> list[dict[str, Any]]:
    query = Message.filter(channel_id=access.channel.id, pinned=True)
    cursor = parse_id(after_id)
    if cursor is not None:
        anchor = await Message.get_or_none(id=cursor, channel_id=access.channel.id, pinned=True)
        if anchor is not None:
            query = query.filter(pinned_at__lt=anchor.pinned_at)
    rows = await query.order_by("-pinned_at", "-id").limit(PINS_PAGE)
    return [{**m, "reactions": []} for m in await serialize_messages(rows, viewer.id, with_reactions=False)]


async def set_pinned(access: Access, user: User, message_id: str, pinned: bool) -> None:
    if not access.can_pin:
        raise ApiError(403, access.manage_denied)
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed, channel_id=access.channel.id) if parsed is not None else None
    # Upstream answers these three with a 500; they are the caller's mistakes, so 400s here.
    if message is None or (not pinned and not message.pinned):
        raise bad_request("Message not found!")
    if pinned and message.pinned:
        raise bad_request("Message already pinned!")
    if pinned and message.type != CONTENT:
        raise bad_request("Cannot pin a non-content message!")
    async with transaction():
        await Message.filter(id=message.id).update(pinned=pinned, pinned_at=now() if pinned else None)
        await emit(
            access,
            "message:updated",
            {"channelId": str(access.channel.id), "messageId": str(message.id), "updated": {"pinned": pinned}},
        )
        if pinned:
            await system_message(access, user, PINNED_MESSAGE)


# --- reactions ------------------------------------------------------------------------------


async def add_reaction(
    access: Access, user: User, message_id: str, name: str, emoji_id: str | None, gif: bool, webp: bool
) -> dict[str, Any]:
    if hearth().standing.shadow_banned(user.id):
        raise ApiError(403, "Something went wrong. Try again later.")
    if not user.bot:
        account = await Account.get_or_none(user_id=user.id)
        if account is not None and not account.email_confirmed:
            raise bad_request("You must confirm your email to react to messages.")
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed, channel_id=access.channel.id) if parsed is not None else None
    if message is None:
        raise ApiError(403, "Invalid messageId")
    key = emoji_id or ""
    if await Reaction.exists(message_id=message.id, user_id=user.id, name=name, emoji_key=key):
        raise ApiError(403, "You have already reacted.")
    existing = await Reaction.filter(message_id=message.id).distinct().values_list("name", "emoji_key")
    if (name, key) not in set(existing) and len(set(existing)) >= MAX_REACTIONS:
        raise ApiError(403, "Too many reactions.")
    async with transaction():
        try:
            await Reaction.create(message_id=message.id, user_id=user.id, name=name, emoji_key=key, gif=gif, webp=webp)
        except IntegrityError:
            raise ApiError(403, "You have already reacted.") from None
        count = await Reaction.filter(message_id=message.id, name=name, emoji_key=key).count()
        payload = {
            "reactedByUserId": str(user.id),
            "messageId": str(message.id),
            "channelId": str(access.channel.id),
            "emojiId": emoji_id,
            "name": name,
            "gif": gif,
            "webp": webp,
            "count": count,
        }
        await emit(access, "message:reaction_added", payload)
    return payload


async def remove_reaction(
    access: Access, user: User, message_id: str, name: str, emoji_id: str | None
) -> dict[str, Any]:
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed, channel_id=access.channel.id) if parsed is not None else None
    if message is None:
        raise ApiError(403, "Invalid messageId")
    key = emoji_id or ""
    reaction = await Reaction.get_or_none(message_id=message.id, user_id=user.id, name=name, emoji_key=key)
    if reaction is None:
        if not await Reaction.exists(message_id=message.id, name=name, emoji_key=key):
            raise ApiError(403, "Invalid Reaction")
        raise ApiError(403, "You have already not reacted")
    async with transaction():
        await reaction.delete()
        count = await Reaction.filter(message_id=message.id, name=name, emoji_key=key).count()
        payload = {
            "reactionRemovedByUserId": str(user.id),
            "messageId": str(message.id),
            "channelId": str(access.channel.id),
            "emojiId": emoji_id,
            "name": name,
            "count": count,
            "gif": reaction.gif,
        }
        await emit(access, "message:reaction_removed", payload)
    return payload


async def reaction_users(
    access: Access, message_id: str, name: str, emoji_id: str | None, limit: int
) -> list[dict[str, Any]]:
    from core.wire import ms, public_user

    parsed = parse_id(message_id)
    key = "" if emoji_id in (None, "null") else emoji_id
    rows = (
        await Reaction.filter(message_id=parsed, message__channel_id=access.channel.id, name=name, emoji_key=key)
        .order_by("id")
        .limit(limit)
        .select_related("user")
        if parsed
        else []
    )
    if not rows:
        raise ApiError(403, "Reaction does not exist.")
    return [{"user": public_user(row.user), "reactedAt": ms(row.created_at)} for row in rows]


# --- read state -----------------------------------------------------------------------------


async def dismiss(access: Access, user: User) -> None:
    async with transaction():
        await MentionCounter.filter(user_id=user.id, channel_id=access.channel.id).delete()
        await access.kind.mark_seen(user, access)
        await to_user(access.kind, user.id, "notification:dismissed", {"channelId": str(access.channel.id)})


async def mark_unread(access: Access, user: User, message_id: str) -> None:
    if access.channel.type == CATEGORY:
        raise bad_request("Cannot get messages from a category channel")
    message = await get_message(access, message_id)
    at = message.created_at - timedelta(milliseconds=1)
    async with transaction():
        await access.kind.mark_unread(user, access, message)
        await to_user(
            access.kind,
            user.id,
            "message:mark_unread",
            {"channelId": str(access.channel.id), "at": int(at.timestamp() * 1000)},
        )


_SEEN = (
    f"INSERT INTO {ReadState._meta.db_table} (id, user_id, channel_id, last_seen) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT (user_id, channel_id) DO UPDATE SET last_seen = excluded.last_seen"
)


def server_last_seen(user_id: int, channel_id: int, at: datetime) -> Statement:
    """The statement that sets the user's read state of a server channel."""
    return _SEEN, [new_id(), user_id, channel_id, at]


async def set_server_last_seen(user_id: int, channel_id: int, at: datetime) -> None:
    await fetch_rows(*server_last_seen(user_id, channel_id, at))


async def bump_mentions(user_ids: list[int], channel: Channel, mentioned_by: int | None, server_id: int | None) -> None:
    """One more unread mention for each of ``user_ids`` in three queries whatever their number
    (an @everyone in a large server)."""
    if not user_ids:
        return
    existing = set(
        await MentionCounter.filter(user_id__in=user_ids, channel_id=channel.id).values_list("user_id", flat=True)
    )
    if existing:
        await MentionCounter.filter(user_id__in=list(existing), channel_id=channel.id).update(count=F("count") + 1)
    missing = [u for u in user_ids if u not in existing]
    if not missing:
        return
    try:
        async with transaction():
            await MentionCounter.bulk_create(
                [
                    MentionCounter(
                        user_id=u,
                        channel_id=channel.id,
                        server_id=server_id,
                        mentioned_by_id=mentioned_by,
                        count=1,
                        created_at=now(),
                    )
                    for u in missing
                ]
            )
    except IntegrityError:  # a concurrent mention created some of them: count those one by one
        for user_id in missing:
            await bump_mention(user_id, channel, mentioned_by, server_id)


async def bump_mention(
    user_id: int, channel: Channel, mentioned_by: int | None, server_id: int | None, to: int | None = None
) -> None:
    """Add one unread mention (or set the counter to ``to``)."""
    changes = {"count": to} if to is not None else {"count": F("count") + 1}
    if await MentionCounter.filter(user_id=user_id, channel_id=channel.id).update(**changes):
        return
    try:
        await MentionCounter.create(
            user_id=user_id,
            channel_id=channel.id,
            server_id=server_id,
            mentioned_by_id=mentioned_by,
            count=to or 1,
            created_at=now(),
        )
    except IntegrityError:
        await MentionCounter.filter(user_id=user_id, channel_id=channel.id).update(**changes)
