"""Route guards: ``@require_user``, ``@require_user_or_bot``, ``@optional_user``,
``@optional_user_or_bot``, ``@require_moderator`` (FOUNDER/ADMIN), ``@require_staff`` (also MOD). The raw token is the ``Authorization``
header (no ``Bearer``), as the wire reference says. Also the refusals several plugins share: a
shadow-banned user's (``refuse_shadow_banned``) and a moderator's own password on "pw" routes
(``ModeratorPassword``, ``check_moderator_password``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Annotated, Any

from pydantic import Field, StrictStr
from quart import g, request

from core.context import hearth
from core.errors import ApiError
from core.identity.models import Account, Session, User
from core.identity.passwords import verify_password
from core.identity.sessions import AuthFailure, Identity, resolve_token
from core.validation import Rules

FOUNDER = 1
ADMIN = 2
MOD = 64
MODERATOR_BADGES = FOUNDER | ADMIN
STAFF_BADGES = FOUNDER | ADMIN | MOD


def client_ip() -> str | None:
    if hearth().settings.get("server.trust_proxy_headers"):
        forwarded = request.headers.get("CF-Connecting-IP") or request.headers.get("X-Forwarded-For")
        if forwarded:
            return forwarded.split(",")[0].strip()
    return request.remote_addr


def is_moderator(user: User) -> bool:
    """FOUNDER or ADMIN: the full moderator gate (rest.md §0.3 "mod(admin)")."""
    return bool(user.badges & MODERATOR_BADGES)


def is_staff(user: User) -> bool:
    """Also the MOD badge: the limited moderator gate ("mod(+mod)")."""
    return bool(user.badges & STAFF_BADGES)


def current_user() -> User:
    return g.identity.user


def current_session() -> Session:
    return g.identity.session


def current_account() -> Account | None:
    """The request user's account (None for a bot), loaded with the token."""
    return g.identity.account


def maybe_user() -> User | None:
    identity = getattr(g, "identity", None)
    return identity.user if identity else None


async def _authenticate(required: bool, bots: bool, moderator: bool, staff: bool = False) -> None:
    token = request.headers.get("Authorization")
    g.identity = None
    if not token and not required:
        return
    try:
        identity: Identity = await resolve_token(
            token, int(hearth().settings.auth.session_idle_days), client_ip(), hearth().standing
        )
    except AuthFailure as failure:
        raise ApiError(401, failure.message) from None
    if identity.user.bot and not bots:
        raise ApiError(401, "Bots are not allowed to use this route.")
    if (moderator and not is_moderator(identity.user)) or (staff and not is_staff(identity.user)):
        raise ApiError(403, "Admin access only!")
    if moderator or staff:
        for refusal in await hearth().plugins.gather("staff_route_refusal", user=identity.user):
            if refusal:
                raise ApiError(403, refusal)
    g.identity = identity


def _guard(required: bool, bots: bool, moderator: bool = False, staff: bool = False) -> Callable:
    def decorator(view: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @wraps(view)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            await _authenticate(required, bots, moderator, staff)
            return await view(*args, **kwargs)

        return wrapper

    return decorator


require_user = _guard(required=True, bots=False)
require_user_or_bot = _guard(required=True, bots=True)
optional_user = _guard(required=False, bots=False)
optional_user_or_bot = _guard(required=False, bots=True)
require_moderator = _guard(required=True, bots=False, moderator=True)
require_staff = _guard(required=True, bots=False, staff=True)


def refuse_shadow_banned(user: User | None = None) -> None:
    """A shadow-banned user's publishing (an explore listing, a ticket) answers 403 "Something
    went wrong. Try again later." (rest.md §0.8); ``user`` defaults to the request's."""
    user = user if user is not None else current_user()
    if hearth().standing.shadow_banned(user.id):
        raise ApiError(403, "Something went wrong. Try again later.")


# The moderator's own password in the bodies of "pw" routes (rest.md §0.3, §8): the moderation
# plugin's and the servers plugin's scheduled deletion.
ModeratorPassword = Annotated[
    StrictStr,
    Rules(
        required="Password is required",
        type="Password must be a string!",
        length="Password must be between 4 and 72 characters long.",
    ),
    Field(min_length=4, max_length=72),
]


async def check_moderator_password(moderator: User, password: str) -> None:
    account = await Account.get_or_none(user_id=moderator.id)
    if account is None:
        raise ApiError(404, "Something went wrong. Try again later.")
    if not await verify_password(account.password_hash, password):
        raise ApiError(403, "Invalid password.", "password")
