"""Channel kinds: the rules that differ between a DM, a server channel and a ticket.

The messages plugin owns channels and messages; a plugin that brings a kind of channel
(inbox → DM_TEXT, servers → SERVER_TEXT/CATEGORY, tickets → TICKET) registers a :class:`ChannelKind` for it at
start-up. Every ``/channels/:channelId`` route resolves the kind first (CHV, rest.md §0.5).
"""

from __future__ import annotations

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


class ChannelKind(Protocol):
    async def access(self, user: User, channel: Channel) -> Access:
        """The user's access to a channel, or ApiError(403, ...) when they may not view it."""

    async def rooms(self, channel: Channel) -> list[str]:
        """Socket rooms that see this channel's events."""

    async def check_send(self, user: User, access: Access) -> None:
        """Raise ApiError when the user may not send here (DM privacy, permissions)."""

    async def before_send(self, user: User, access: Access) -> None:
        """Checks only sending needs (mutes, slow mode), after the permission checks."""

    def message_writes(self, message: Message, access: Access, sender: User) -> list[Statement] | None:
        """Everything ``after_message`` would do for this (not yet stored) message as plain writes,
        to store together with it in one round trip; None when it needs ``after_message``."""

    async def after_message(self, message: Message, access: Access, sender: User) -> None:
        """Counters and side effects after a message is stored (inside the transaction)."""

    async def mark_seen(self, user: User, access: Access) -> None:
        """Record that the user has read the channel up to now."""

    async def mark_unread(self, user: User, access: Access, message: Message) -> None:
        """Make the channel unread from ``message`` on."""

    async def notice(self, user: User, access: Access) -> dict[str, Any] | None:
        """The notice shown in this channel for this user, or None."""

    def created_payload(self, message: dict[str, Any], access: Access, sender: User) -> dict[str, Any]:
        """The body of ``message:created`` for this kind."""

    async def viewable(self, user: User, channels: list[Channel]) -> set[int]:
        """The ids among ``channels`` (all of this kind) that ``access`` would let the user view,
        in a fixed number of queries however many channels there are."""


_kinds: dict[int, ChannelKind] = {}


def register_kind(channel_type: int, kind: ChannelKind) -> None:
    _kinds[channel_type] = kind


def kind_for(channel: Channel) -> ChannelKind:
    kind = _kinds.get(channel.type)
    if kind is None:
        raise ApiError(403, "Unknown channel type.")
    return kind
