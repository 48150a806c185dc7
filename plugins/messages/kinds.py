"""Channel kinds: the rules that differ between a DM, a server channel and a ticket.

The messages plugin owns channels and messages; a plugin that brings a kind of channel
(inbox → DM_TEXT, servers → SERVER_TEXT/CATEGORY, tickets → TICKET) answers the ``channel_kinds``
hook with a :class:`ChannelKind` for it, collected per app (``plugins.messages.extensions``).
Every ``/channels/:channelId`` route resolves the kind first (CHV, rest.md §0.5).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.errors import ApiError
from core.identity.models import User
from core.prepared import Statement
from plugins.messages.models import Channel, Message


@dataclass
class Access:
    """What a user may do in a channel they can view."""

    channel: Channel
    kind: ChannelKind
    server_id: int | None = None
    # Delete others' messages: MANAGE_CHANNELS in servers, nobody in DMs.
    can_manage_messages: bool = False
    # Pin and unpin: MANAGE_CHANNELS in servers; every DM participant may.
    can_pin: bool = False
    manage_denied: str = "Missing Manage Channels permission"
    # Kinds whose messages can never be pinned or edited/deleted (tickets) answer 400 {error: text}.
    pin_refusal: str | None = None
    edit_refusal: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _no_writes(message: Message) -> list[Statement] | None:
    return None


async def _nothing_after(message: Message) -> None:
    return None


@dataclass
class Sending:
    """A kind's one answer to a send (:meth:`ChannelKind.sending`): its checks passed, and this is
    all the messages service needs from it for that message; it asks the kind nothing more."""

    # Socket rooms that hear ``message:created``.
    rooms: list[str]
    # ``message:created``'s keys beside ``message`` (servers: the sender's ``member``, ``serverId``).
    created: dict[str, Any] = field(default_factory=dict)
    # Everything ``after`` would do for this (not yet stored) message, as plain writes to store with
    # it in one round trip; None when ``after`` is needed.
    writes: Callable[[Message], list[Statement] | None] = _no_writes
    # Counters and side effects once the message is stored (inside its transaction).
    after: Callable[[Message], Awaitable[None]] = _nothing_after


class ChannelKind(Protocol):
    # Optional class attributes a kind a plugin brings may set:
    # ``holds_messages = True``: messages can be sent in it (the protocol's text types always can);
    # ``feature = "<name>"``: its channels are Hearth's own, left out of what messages sends a
    # socket that did not ask for that feature (docs/protocol-extensions.md).

    async def access(self, user: User, channel: Channel) -> Access:
        """The user's access to a channel, or ApiError(403, ...) when they may not view it."""

    async def rooms(self, channel: Channel) -> list[str]:
        """Socket rooms that see this channel's events."""

    async def check_send(self, user: User, access: Access) -> None:
        """Raise ApiError when the user may not send here (DM privacy, permissions): typing and
        button clicks ask only this."""

    async def sending(self, user: User | None, access: Access, check: bool = True) -> Sending:
        """The one question of a send: ``check_send`` and the checks only sending needs (mutes,
        slow mode) unless ``check`` is False (a system or webhook message; ``user`` None: nobody
        sent it as a member), then where the message goes and what goes with it."""

    async def mark_seen(self, user: User, access: Access) -> None:
        """Record that the user has read the channel up to now."""

    async def mark_unread(self, user: User, access: Access, message: Message) -> None:
        """Make the channel unread from ``message`` on."""

    async def notice(self, user: User, access: Access) -> dict[str, Any] | None:
        """The notice shown in this channel for this user, or None."""

    async def viewable(self, user: User, channels: list[Channel]) -> set[int]:
        """The ids among ``channels`` (all of this kind) that ``access`` would let the user view,
        in a fixed number of queries however many channels there are."""

    # Optional: ``async deliver(channel, event, data, skip_sid=None)``. A kind whose audience is not
    # the sockets of some rooms (threads: the sockets of the parent channel's room that asked for
    # the feature) sends the channel's events itself; every event of such a channel goes through
    # it (see :func:`announce`), and ``rooms`` / ``Sending.rooms`` are then not used for them.
    # Optional: ``async deliver_to_user(user_id, event, data)``: the same for an event of such a
    # channel that goes to one user's own sockets (a button click, read state; :func:`to_user`).


async def announce(
    kind: ChannelKind,
    channel: Channel,
    rooms: list[str],
    event: str,
    data: Any,
    skip_sid: str | list[str] | None = None,
) -> None:
    """Send a channel's event to whoever sees it: the kind's ``deliver`` when it has one, else
    ``rooms`` (after the surrounding transaction commits, as ``gateway.emit``)."""
    deliver = getattr(kind, "deliver", None)
    if deliver is not None:
        await deliver(channel, event, data, skip_sid)
        return
    from core.context import hearth

    await hearth().gateway.emit(event, data, to=rooms, skip_sid=skip_sid)


async def to_user(kind: ChannelKind, user_id: int, event: str, data: Any) -> None:
    """Send a channel's event to one user's sockets: the kind's ``deliver_to_user`` when it has
    one (threads: only the sockets that asked for the feature), else the user's room."""
    deliver = getattr(kind, "deliver_to_user", None)
    if deliver is not None:
        await deliver(user_id, event, data)
        return
    from core.context import hearth

    await hearth().gateway.emit(event, data, to=str(user_id))


def takes_messages(channel: Channel) -> bool:
    """Whether messages can be sent in ``channel``."""
    from plugins.messages.extensions import extensions
    from plugins.messages.models import TEXT_TYPES

    return channel.type in TEXT_TYPES or getattr(extensions().kinds.get(channel.type), "holds_messages", False)


def types_hidden_from(features: frozenset[str]) -> list[int]:
    """The channel types whose kinds need a feature ``features`` does not name."""
    from plugins.messages.extensions import extensions

    return [
        channel_type
        for channel_type, kind in extensions().kinds.items()
        if getattr(kind, "feature", None) is not None and kind.feature not in features  # type: ignore[attr-defined]
    ]


def kind_for(channel: Channel) -> ChannelKind:
    from plugins.messages.extensions import extensions

    kind = extensions().kinds.get(channel.type)
    if kind is None:
        raise ApiError(403, "Unknown channel type.")
    return kind
