"""Who may do what with threads. A thread inherits its parent channel's permissions: whoever can
view the parent can view its threads, whoever can send there can reply. Creating one needs
CREATE_THREADS, a bit Hearth adds (docs/protocol-extensions.md): on a role (512, beside the
reference's role bits 1-256) or on a role's override of the parent channel (8, beside the
reference's channel bits 1-4). MANAGE_CHANNELS moderates threads (archive, lock, rename, delete,
reply when locked); a thread's creator may rename and archive their own."""

from __future__ import annotations

from core.errors import ApiError
from plugins.servers.permissions import MANAGE_CHANNELS, MemberContext, can_send, channel_bits

CREATE_THREADS_ROLE = 512
CREATE_THREADS_CHANNEL = 8


def is_moderator(ctx: MemberContext) -> bool:
    return ctx.has(MANAGE_CHANNELS)


def require_create(ctx: MemberContext, overrides: dict[int, int]) -> None:
    if not can_send(ctx, overrides):
        raise ApiError(403, "You are not allowed to send messages in this channel.")
    if is_moderator(ctx) or ctx.has(CREATE_THREADS_ROLE) or channel_bits(ctx, overrides) & CREATE_THREADS_CHANNEL:
        return
    raise ApiError(403, "Missing Create Threads permission")


def require_moderator(ctx: MemberContext) -> None:
    if not is_moderator(ctx):
        raise ApiError(403, "Missing Manage Channels permission")
