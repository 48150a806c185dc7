"""Ticket rules (rest.md §9 user side, §8.4 admin side)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tortoise.expressions import Q

from core.auth import refuse_shadow_banned
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.wire import full_user, ms
from plugins.messages.models import CONTENT, TICKET, Channel, Message
from plugins.messages.service import new_message_id
from plugins.tickets.live import ticket_updated
from plugins.tickets.models import CATEGORIES, CLOSED, STATUSES, WAITING_FOR_MODERATOR, Ticket, TicketIgnore

PAGE = 30


def now() -> datetime:
    return datetime.now(UTC)


def ticket_wire(ticket: Ticket, seen: bool = True) -> dict[str, Any]:
    data = {
        "id": ticket.id,
        "status": ticket.status,
        "category": ticket.category,
        "title": ticket.title,
        "openedAt": ms(ticket.opened_at),
        "channelId": str(ticket.channel_id),
        "lastUpdatedAt": ms(ticket.last_updated_at),
    }
    if seen:
        data["seen"] = ticket.seen
    return data


def limit_of(raw: str | None) -> int:
    try:
        limit = int(raw) if raw is not None else PAGE
    except ValueError:
        return PAGE
    return PAGE if limit <= 0 else min(limit, PAGE)


def parse_status(raw: str | None) -> int | None:
    if raw is None:
        return None
    try:
        status = int(raw)
    except ValueError:
        raise bad_request("Invalid status.") from None
    if status not in STATUSES:
        raise bad_request("Invalid status.")
    return status


# --- the opener's side ----------------------------------------------------------------------


async def create(user: User, title: str, body: str, category: int) -> dict[str, Any]:
    refuse_shadow_banned(user)
    if category not in CATEGORIES:
        raise bad_request("Invalid category")
    at = now()
    message_id, created_at = new_message_id()
    async with transaction():
        channel = await Channel.create(type=TICKET, created_by_id=user.id, last_messaged_at=created_at)
        ticket = await Ticket.create(
            title=title,
            category=category,
            status=WAITING_FOR_MODERATOR,
            channel_id=channel.id,
            opened_by_id=user.id,
            last_updated_at=at,
            seen=True,
        )
        await Message.create(
            id=message_id,
            channel_id=channel.id,
            type=CONTENT,
            content=body,
            created_by_id=user.id,
            created_at=created_at,
            mention_user_ids=[],
            role_mention_ids=[],
            quoted_message_ids=[],
            reply_to_ids=[],
            buttons=[],
        )
        await ticket_updated(ticket, ticket_wire(ticket))
    return {**ticket_wire(ticket), "openedById": str(user.id)}


async def mine(user: User, status: str | None, seen: str | None, limit: str | None) -> list[dict[str, Any]]:
    query = Ticket.filter(opened_by_id=user.id)
    wanted = parse_status(status)
    if wanted is not None:
        query = query.filter(status=wanted)
    if seen is not None:
        query = query.filter(seen=seen == "true")
    tickets = await query.order_by("-last_updated_at", "-id").limit(limit_of(limit))
    return [ticket_wire(t) for t in tickets]


async def _ticket(ticket_id: str, message: str = "Ticket not found.", status: int = 404) -> Ticket:
    try:
        parsed = int(ticket_id)
    except ValueError:
        parsed = None
    ticket = await Ticket.get_or_none(id=parsed) if parsed is not None and 0 < parsed < 2**31 else None
    if ticket is None:
        raise ApiError(status, message)
    return ticket


async def read(user: User, ticket_id: str) -> dict[str, Any]:
    ticket = await _ticket(ticket_id)
    if ticket.opened_by_id != user.id:
        raise ApiError(404, "Ticket not found.")
    if not ticket.seen:
        ticket.seen = True
        async with transaction():
            await Ticket.filter(id=ticket.id).update(seen=True)
            await ticket_updated(ticket, ticket_wire(ticket))  # the opener's other tabs clear their badge
    return ticket_wire(ticket)


async def reopen(user: User, ticket_id: str, status: int) -> dict[str, Any]:
    """The opener answered: the only status they may set is WAITING_FOR_MODERATOR_RESPONSE."""
    if status != WAITING_FOR_MODERATOR:
        raise bad_request("Invalid status.")
    ticket = await _ticket(ticket_id, "Ticket not found", 400)
    if ticket.opened_by_id != user.id:
        raise bad_request("Unauthorized")
    if ticket.status in CLOSED:
        raise bad_request("Ticket is closed")
    ticket.status, ticket.last_updated_at = status, now()
    async with transaction():
        await Ticket.filter(id=ticket.id).update(status=status, last_updated_at=ticket.last_updated_at)
        await ticket_updated(ticket, ticket_wire(ticket))
    return ticket_wire(ticket, seen=False)


# --- the admins' side ---------------------------------------------------------------------------


async def _moderator_rows(tickets: list[Ticket]) -> list[dict[str, Any]]:
    ids = [t.id for t in tickets]
    openers = {u.id: u for u in await User.filter(id__in={t.opened_by_id for t in tickets})} if tickets else {}
    ignored: dict[int, list[dict[str, str]]] = {}
    for ticket_id, user_id in (
        await TicketIgnore.filter(ticket_id__in=ids).values_list("ticket_id", "user_id") if ids else []
    ):
        ignored.setdefault(ticket_id, []).append({"userId": str(user_id)})
    return [
        {
            **ticket_wire(t, seen=False),
            "openedBy": full_user(openers[t.opened_by_id]),
            "ignoredByUsers": ignored.get(t.id, []),
        }
        for t in tickets
    ]


async def moderator_list(
    moderator: User, status: str | None, include_ignored: bool, after: str | None, limit: str | None
) -> list[dict[str, Any]]:
    query = Ticket.all()
    if status is not None:
        try:
            query = query.filter(status=int(status))
        except ValueError:
            return []
    if not include_ignored:
        mine = TicketIgnore.filter(user_id=moderator.id).values_list("ticket_id", flat=True)
        query = query.exclude(id__in=list(await mine))
    if after is not None:
        try:
            cursor = await Ticket.get_or_none(id=int(after))
        except ValueError:
            cursor = None
        if cursor is not None:
            query = query.filter(
                Q(last_updated_at__lt=cursor.last_updated_at)
                | Q(last_updated_at=cursor.last_updated_at, id__lt=cursor.id)
            )
    tickets = await query.order_by("-last_updated_at", "-id").limit(limit_of(limit))
    return await _moderator_rows(tickets)


async def moderator_get(ticket_id: str) -> dict[str, Any] | None:
    try:
        ticket = await _ticket(ticket_id)
    except ApiError:
        return None
    return (await _moderator_rows([ticket]))[0]


async def moderator_update(ticket_id: str, status: int) -> dict[str, Any]:
    if status not in STATUSES:
        raise bad_request("Invalid status.")
    ticket = await _ticket(ticket_id, "Ticket not found", 400)
    ticket.status, ticket.last_updated_at, ticket.seen = status, now(), False
    async with transaction():
        await Ticket.filter(id=ticket.id).update(status=status, last_updated_at=ticket.last_updated_at, seen=False)
        await ticket_updated(ticket, ticket_wire(ticket))
    row = (await _moderator_rows([ticket]))[0]
    row.pop("ignoredByUsers")
    return row


async def mute(moderator: User, ticket_id: str) -> None:
    ticket = await _ticket(ticket_id, "Ticket not found", 400)
    _, created = await TicketIgnore.get_or_create(ticket_id=ticket.id, user_id=moderator.id)
    if not created:
        raise bad_request("You have already ignored this ticket!")
