"""Create, resolve and revoke sessions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from core.identity.models import Account, Session, User
from core.identity.tokens import make_token, token_hash
from core.ids import new_id
from core.prepared import prepared

if TYPE_CHECKING:
    from core.identity.standing import AccountStanding

SEEN_REFRESH = timedelta(minutes=10)


class AuthFailure(Exception):
    """A refused token: ``message`` for REST and sockets, ``data`` only for sockets."""

    def __init__(self, message: str, data: dict[str, Any] | None = None):
        super().__init__(message)
        self.message = message
        self.data = data


@dataclass
class Identity:
    user: User
    session: Session
    account: Account | None  # None for bots


def device_type(user_agent: str | None) -> int:
    agent = (user_agent or "").lower()
    if "mobile" in agent:
        return 2
    if "electron" in agent:
        return 1
    return 0


async def create_session(user: User, ip: str | None = None, user_agent: str | None = None) -> tuple[Session, str]:
    session_id = new_id()
    token = make_token(session_id)
    session = await Session.create(
        id=session_id,
        user=user,
        token_hash=token_hash(token),
        ip_address=ip,
        device_type=device_type(user_agent),
        user_agent=user_agent[:255] if user_agent else None,
    )
    return session, token


@prepared
def _session_by_token(digest: str) -> Any:
    # the account in the same statement: sending a message, for one, checks its confirmed e-mail
    return Session.get_or_none(token_hash=digest).select_related("user__account")


async def resolve_token(
    token: str | None, idle_days: int, ip: str | None = None, standing: AccountStanding | None = None
) -> Identity:
    if not token:
        raise AuthFailure("No token provided.")
    session = await _session_by_token(token_hash(token))
    if session is None or session.user.deleted:
        raise AuthFailure("Invalid token.")
    now = datetime.now(UTC)
    if session.last_seen_at < now - timedelta(days=idle_days):
        await session.delete()
        raise AuthFailure("Invalid token.")
    if standing is not None:
        refusal = await standing.refusal(session.user, ip)
        if refusal is not None:
            raise refusal
    if session.last_seen_at < now - SEEN_REFRESH or (ip and ip != session.ip_address):
        await Session.filter(id=session.id).update(last_seen_at=now, ip_address=ip or session.ip_address)
    return Identity(user=session.user, session=session, account=session.user.account)


async def revoke_sessions(user_id: int, *, keep: int | None = None, only: int | None = None) -> list[int]:
    """Delete sessions of a user (all, all but ``keep``, or just ``only``); returns their ids."""
    query = Session.filter(user_id=user_id)
    if only is not None:
        query = query.filter(id=only)
    if keep is not None:
        query = query.exclude(id=keep)
    ids = list(await query.values_list("id", flat=True))
    if ids:
        await Session.filter(id__in=ids).delete()
    return ids
