"""Passive delivery of server channels' message events (``features: ["passive"]``, Hearth's UI).

A passive socket says which channel it has open with ``hearth:view {channelId|null}``; the
server answers ``hearth:viewing {channelId, summarised, missed}`` once every later event of that
channel reaches the socket in full: ``missed`` whether some of its events were withheld from the
socket since it last had it open (the client loads what it missed only then), ``summarised``
whether it will be withheld once left (the client keeps the messages of a channel that is not).
When the notification settings change, ``hearth:summarised {added, removed}`` tells each passive
socket of the user which channels became summarised and which are full again.

The message events of the server channels it does not have open and whose messages do not
notify its user (mentions only or muted: the ``summarised_channels`` hook, asked at each view and
again when the user's notification settings change) are quiet (``core/passive.py``): instead of them the socket gets
``hearth:activity``, at most once a second per channel, with the newest message. Left as they
are, in full:

- channels whose every message notifies ("all messages", the default): each needs its own
  notification and sound, with its text;
- DMs, group DMs and threads (their events go to their people's rooms or sockets, not to the
  channel's room);
- a message that names the socket's user; one that names a role or @everyone goes to every
  passive socket in full (the client judges, as today, whether it holds the role or whether the
  author may ping everyone).
"""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.errors import ApiError
from core.gateway import SocketContext
from core.passive import EVERYONE, FEATURE
from core.socket_limits import socket_limit
from plugins.messages import service

ACTIVITY = "hearth:activity"
VIEWING = "hearth:viewing"
VIEW_ERROR = "hearth:view_error"
EVERYONE_MARKUP = "[@:e]"
SUMMARISED = "hearth:summarised"
QUIET = ("message:updated", "message:deleted", "message:reaction_added", "message:reaction_removed")


REFRESH = "messages:summarised"


def install(gateway: Any) -> None:
    passive = gateway.passive
    passive.quiet("message:created", _created_in, ACTIVITY, fold=fold, full_for=named)
    for event in QUIET:  # nothing to summarise: the client reloads a channel when it opens it
        passive.quiet(event, _channel_of, ACTIVITY)
    passive.quiet("channel:typing", _channel_of, ACTIVITY, misses=False)  # nothing to reload for it
    gateway.on_everywhere(REFRESH, _refresh_local)


async def summarised_channels(user_id: int) -> set[str]:
    answers = await hearth().plugins.gather("summarised_channels", user_id=user_id)
    return {str(channel_id) for answer in answers for channel_id in answer or ()}


async def refresh(user_id: int) -> None:
    """The user's notification settings changed: on every process, after the commit, their
    passive sockets hear in full every channel whose messages now notify them, and are told."""
    await hearth().gateway.everywhere(REFRESH, {"userId": str(user_id)})


async def _refresh_local(body: dict[str, Any]) -> None:
    await refresh_here(body["userId"])


async def refresh_here(user_id: str) -> None:
    """This process's passive sockets of the user: the channels they hear summarised, asked
    again (a gateway command's handler calls this on every process)."""
    gateway = hearth().gateway
    sockets = [ctx for ctx in gateway.local_sockets(user_id) if ctx.sid in gateway.passive.views]
    if sockets:
        rooms = await summarised_channels(int(user_id))
        for ctx in sockets:
            added, removed = gateway.passive.summarise(ctx.sid, rooms)
            if added or removed:
                await ctx.emit(SUMMARISED, {"added": sorted(added), "removed": sorted(removed)})


def _created_in(data: Any) -> str | None:
    message = data.get("message") if isinstance(data, dict) else None
    return message.get("channelId") if isinstance(message, dict) and data.get("serverId") else None


def _channel_of(data: Any) -> str | None:
    return data.get("channelId") if isinstance(data, dict) else None


def named(data: dict[str, Any]) -> list[str] | str:
    """Whom the message mentions: they get it in full (its notification needs the text)."""
    message = data["message"]
    if message.get("roleMentions") or EVERYONE_MARKUP in (message.get("content") or ""):
        return EVERYONE
    return [user["id"] for user in message.get("mentions") or () if isinstance(user, dict) and "id" in user]


def fold(summary: dict[str, Any] | None, data: dict[str, Any]) -> dict[str, Any]:
    """The channel's summary with one more message: ``message``/``member`` the newest, ``other``
    the newest by someone else than its author (so that the newest being one's own still lets the
    one before notify), ``count`` how many it stands for."""
    message = data["message"]
    latest = {"message": message, "member": data.get("member")}
    if summary is None:
        return {"channelId": message["channelId"], "serverId": data["serverId"], "count": 1, **latest}
    other = summary.get("other")
    if _author(summary["message"]) != _author(message):
        other = {"message": summary["message"], "member": summary.get("member")}
    folded = {**summary, **latest, "count": summary["count"] + 1}
    if other is not None:
        folded["other"] = other
    return folded


def _author(message: dict[str, Any]) -> Any:
    author = message.get("createdBy")
    return author.get("id") if isinstance(author, dict) else message.get("createdById")


@socket_limit(30, 10)  # a channel switch each; more is not a person clicking
async def view(ctx: SocketContext, data: Any) -> None:
    """``hearth:view {channelId: string | null}``: the channel the socket has open."""
    if FEATURE not in ctx.features:
        await ctx.emit(VIEW_ERROR, {"message": "Passive delivery was not asked for.", "path": None})
        return
    channel_id = data.get("channelId", ...) if isinstance(data, dict) else ...
    if channel_id is not None and not isinstance(channel_id, str):
        await ctx.emit(VIEW_ERROR, {"message": "Invalid channelId.", "path": "channelId"})
        return
    if channel_id is not None:
        try:
            access = await service.load_channel(ctx.user, channel_id)
        except ApiError as refusal:
            await ctx.emit(VIEW_ERROR, {**refusal.body(), "path": "channelId"})
            return
        channel_id = str(access.channel.id)
    summarised = await summarised_channels(ctx.user.id)
    passive = hearth().gateway.passive
    passive.view(ctx.sid, channel_id, summarised)
    missed = channel_id is not None and passive.caught_up(ctx.sid, channel_id)
    await ctx.emit(VIEWING, {"channelId": channel_id, "summarised": channel_id in summarised, "missed": missed})


HANDLERS = {"hearth:view": view}
