"""Messages in their transformed wire form (entities.md §6.1), a page at a time.

Everything a page refers to — authors, mentioned users, quoted and replied messages,
attachments, reactions — is loaded in a fixed number of batched queries, never per message.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from core.identity.models import User
from core.prepared import prepared
from core.wire import ms
from plugins.accounts.models import Profile
from plugins.accounts.public_profile import briefs_of
from plugins.messages.extensions import extensions
from plugins.messages.models import Attachment, Message, Reaction


def _mention_user(user: User) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.username,
        "tag": user.tag,
        "hexColor": user.hex_color,
        "badges": user.badges,
        "avatar": user.avatar,
    }


def _author(user: User | None, profiles: dict[int, dict[str, Any]]) -> dict[str, Any] | None:
    if user is None:
        return None
    return {**_mention_user(user), "bot": user.bot, "profile": profiles.get(user.id)}


def _webhook_author(message: Message, authors: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """entities.md §6.6: the webhook's pseudo-user, with the message's creator override on top."""
    base = authors.get(message.webhook_id) or {
        "id": str(message.webhook_id),
        "username": "Webhook",
        "tag": "0000",
        "hexColor": None,
        "avatar": None,
        "badges": 0,
        "bot": True,
    }
    author = {**base, "tag": "0000", "badges": 0, "bot": True}
    override = message.creator_override or {}
    if override.get("id") is not None:
        author["id"] = f"{message.webhook_id}-{override['id']}"
        if override.get("username"):
            author["username"] = override["username"]
        if override.get("avatarUrl"):
            author["avatarUrl"] = override["avatarUrl"]
    return author


async def _webhook_authors(messages: list[Message]) -> dict[int, dict[str, Any]]:
    """One ``webhook_authors`` hook call for a whole page (the webhooks plugin answers)."""
    webhook_ids = sorted({m.webhook_id for m in messages if m.webhook_id})
    if not webhook_ids:
        return {}
    from core.context import hearth

    authors: dict[int, dict[str, Any]] = {}
    for answer in await hearth().plugins.gather("webhook_authors", webhook_ids=webhook_ids):
        authors.update({int(k): v for k, v in (answer or {}).items()})
    return authors


def attachment_wire(attachment: Attachment, raw: bool = False) -> dict[str, Any]:
    data = {
        "id": str(attachment.id),
        "provider": attachment.provider,
        "fileId": attachment.file_id,
        "mime": attachment.mime,
        "path": attachment.path,
        "width": attachment.width,
        "height": attachment.height,
        "filesize": attachment.filesize,
        "duration": attachment.duration,
        "expireAt": ms(attachment.expire_at),
        "createdAt": ms(attachment.created_at),
    }
    if raw:
        data.update(
            messageId=str(attachment.message_id) if attachment.message_id else None,
            postId=None,
            channelId=str(attachment.channel_id),
            serverId=str(attachment.server_id) if attachment.server_id else None,
        )
    return data


def reactions_wire(rows: Iterable[Reaction], viewer_id: int | None) -> list[dict[str, Any]]:
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for row in sorted(rows, key=lambda r: r.id):
        key = (row.name, row.emoji_key)
        group = groups.get(key)
        if group is None:
            group = groups[key] = {
                "id": str(row.id),
                "messageId": str(row.message_id),
                "name": row.name,
                "emojiId": row.emoji_key or None,
                "gif": row.gif,
                "webp": row.webp,
                "count": 0,
                "reacted": False,
            }
        group["count"] += 1
        group["reacted"] = group["reacted"] or row.user_id == viewer_id
    return list(groups.values())


@prepared
def _profile_of(user_id: int) -> Any:
    return Profile.filter(user_id=user_id)


async def _profiles_of(user_ids: set[int]) -> list[Profile]:
    if len(user_ids) == 1:  # a new message's sender: the lookup every send makes
        return await _profile_of(next(iter(user_ids)))
    return await Profile.filter(user_id__in=user_ids) if user_ids else []


async def serialize_messages(
    messages: list[Message],
    viewer_id: int | None,
    with_reactions: bool = True,
    fresh: bool = False,
    known_users: Iterable[User] = (),
) -> list[dict[str, Any]]:
    """``fresh``: the messages were just created, so they have no reactions or attachments
    other than those passed in ``Message._attachments`` — skip those queries.
    ``known_users``: users already loaded (the sender of a new message), not fetched again."""
    if not messages:
        return []
    ids = [m.id for m in messages]
    referenced_ids = {int(i) for m in messages for i in (*m.quoted_message_ids, *m.reply_to_ids)}
    referenced = {m.id: m for m in await Message.filter(id__in=referenced_ids)} if referenced_ids else {}
    all_messages = [*messages, *referenced.values()]
    user_ids = {m.created_by_id for m in all_messages if m.created_by_id}
    user_ids |= {int(u) for m in all_messages for u in m.mention_user_ids}
    users = {u.id: u for u in known_users if u.id in user_ids}
    missing = user_ids - users.keys()
    users.update({u.id: u for u in await User.filter(id__in=missing)} if missing else {})
    # Only the page's own authors embed a profile (quoted and replied authors do not).
    author_ids = {m.created_by_id for m in messages if m.created_by_id and not m.webhook_id}
    profiles = await briefs_of({p.user_id: p for p in await _profiles_of(author_ids)})
    webhook_authors = await _webhook_authors(all_messages)

    def author(message: Message, with_profile: bool) -> dict[str, Any] | None:
        if message.webhook_id:
            return _webhook_author(message, webhook_authors)
        return _author(users.get(message.created_by_id), profiles if with_profile else {})

    attachments: dict[int, list[Attachment]] = defaultdict(list)
    if fresh:
        for message in messages:
            attachments[message.id].extend(getattr(message, "_attachments", []))
    if not fresh or referenced:
        for attachment in await Attachment.filter(message_id__in=[*([] if fresh else ids), *referenced]):
            attachments[attachment.message_id].append(attachment)
    reactions: dict[int, list[Reaction]] = defaultdict(list)
    if with_reactions and not fresh:
        for reaction in await Reaction.filter(message_id__in=ids):
            reactions[reaction.message_id].append(reaction)
    role_ids = sorted({int(r) for m in all_messages for r in m.role_mention_ids})
    resolve_roles = extensions().resolve_roles if role_ids else None  # the servers plugin's answer
    roles = await resolve_roles(role_ids) if resolve_roles is not None else {}

    def mentions(message: Message) -> list[dict[str, Any]]:
        return [_mention_user(users[int(u)]) for u in message.mention_user_ids if int(u) in users]

    def role_mentions(message: Message) -> list[dict[str, Any]]:
        return [roles[int(r)] for r in message.role_mention_ids if int(r) in roles]

    def quoted(message: Message) -> dict[str, Any]:
        return {
            "id": str(message.id),
            "content": message.content,
            "channelId": str(message.channel_id),
            "createdAt": ms(message.created_at),
            "editedAt": ms(message.edited_at),
            "webhookId": str(message.webhook_id) if message.webhook_id else None,
            "mentions": mentions(message),
            "roleMentions": role_mentions(message),
            "attachments": [attachment_wire(a) for a in attachments[message.id]],
            "createdBy": author(message, False),
        }

    def replied(message: Message) -> dict[str, Any]:
        return {
            "id": str(message.id),
            "content": message.content,
            "createdAt": ms(message.created_at),
            "editedAt": ms(message.edited_at),
            "webhookId": str(message.webhook_id) if message.webhook_id else None,
            "attachments": [attachment_wire(a) for a in attachments[message.id]],
            "createdBy": author(message, False),
        }

    result = []
    for message in messages:
        replies = [
            {"replyToMessage": replied(referenced[int(i)]) if int(i) in referenced else None}
            for i in message.reply_to_ids
        ]
        data: dict[str, Any] = {
            "id": str(message.id),
            "channelId": str(message.channel_id),
            "type": message.type,
            "content": message.content or "",
            "createdById": str(message.created_by_id) if message.created_by_id else None,
            "createdAt": ms(message.created_at),
            "editedAt": ms(message.edited_at),
            "silent": message.silent,
            "pinned": message.pinned,
            "mentionReplies": message.mention_replies,
            "webhookId": str(message.webhook_id) if message.webhook_id else None,
            "creatorOverrideId": (message.creator_override or {}).get("id") if message.webhook_id else None,
            "embed": message.embed,
            "createdBy": author(message, True),
            "mentions": mentions(message),
            "roleMentions": role_mentions(message),
            "attachments": [attachment_wire(a) for a in attachments[message.id]],
            "buttons": [{"id": b["id"], "label": b["label"], "alert": b.get("alert")} for b in message.buttons],
            "quotedMessages": [quoted(referenced[int(i)]) for i in message.quoted_message_ids if int(i) in referenced],
            "replyMessages": replies,
            "messageReplies": replies,
        }
        if with_reactions:
            data["reactions"] = reactions_wire(reactions[message.id], viewer_id)
        if message.html_embed:
            data["htmlEmbed"] = message.html_embed
        result.append(data)
    return result


async def serialize_message(
    message: Message,
    viewer_id: int | None,
    with_reactions: bool = True,
    fresh: bool = False,
    known_users: Iterable[User] = (),
) -> dict[str, Any]:
    return (await serialize_messages([message], viewer_id, with_reactions, fresh, known_users))[0]
