"""The OAuth2 provider (rest.md §14): a user authorises an application for scopes, the
application trades the code for tokens and reads the user. Codes and tokens are 32 random bytes
(base64url), stored as SHA-256. Upstream answers most refusals here with HTTP 500;
Hearth answers them 400 with the same texts (5xx only for its own faults, as elsewhere)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from core.context import hearth
from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.identity.tokens import token_hash
from core.wire import ms
from plugins.applications import redirects, service
from plugins.applications.models import Application, OAuthGrant

SCOPES = {"USER_INFO": 1, "USER_EMAIL": 2, "USER_SERVERS": 4}
USER_INFO, USER_EMAIL, USER_SERVERS = 1, 2, 4
CODE_LIFETIME = timedelta(minutes=3)
ACCESS_LIFETIME = timedelta(days=1)
REFRESH_LIFETIME = timedelta(days=30)
MAX_GRANTS = 50


def _now() -> datetime:
    return datetime.now(UTC)


def _fail(message: str) -> ApiError:
    return ApiError(400, message)


def _mini(user: User, *keys: str) -> dict[str, Any]:
    full = {
        "id": str(user.id),
        "username": user.username,
        "tag": user.tag,
        "badges": user.badges,
        "hexColor": user.hex_color,
        "avatar": user.avatar,
        "banner": user.banner,
    }
    return {k: full[k] for k in keys}


async def _application(client_id: str) -> Application:
    app = await service.find(client_id)
    if app is None:
        raise _fail("Invalid client ID.")
    return app


def _registered(app: Application, redirect_uri: str) -> bool:
    """Exactly one of the application's URIs, and one the rules allow (an application may hold
    one registered before them)."""
    return redirect_uri in (app.redirect_uris or []) and redirects.problem(redirect_uri) is None


async def authorize_preview(user: User, client_id: str, redirect_uri: str) -> dict[str, Any]:
    app = await _application(client_id)
    if not _registered(app, redirect_uri):
        raise _fail("Invalid redirect URI.")
    creator = await User.get(id=app.creator_id)
    bot = await User.get_or_none(id=app.bot_user_id) if app.bot_user_id else None
    account = await Account.get_or_none(user_id=user.id)
    return {
        "application": {
            "id": str(app.id),
            "name": app.name,
            "createdAt": ms(app.created_at),
            "creatorAccount": {"user": _mini(creator, "id", "username", "tag", "badges", "hexColor")},
            "botUser": _mini(bot, "id", "avatar", "banner", "badges", "hexColor") if bot else None,
        },
        "user": {
            **_mini(user, "id", "username", "tag", "badges", "hexColor", "avatar"),
            "account": {"id": str(account.id)} if account else None,
        },
    }


def parse_scopes(text: str | None) -> int:
    names = (text or "").split()
    if not names or any(name not in SCOPES for name in names):
        raise _fail("Invalid scopes!")
    bits = 0
    for name in names:
        bits |= SCOPES[name]
    return bits


async def authorize(user: User, client_id: str, redirect_uri: str | None, scopes: str | None) -> dict[str, Any]:
    app = await _application(client_id)
    if not redirect_uri:
        raise _fail("redirectUri is required.")
    if not _registered(app, redirect_uri):
        raise _fail("Invalid redirect URI!")
    bits = parse_scopes(scopes)
    code = secrets.token_urlsafe(32)
    # Re-authorising resets the grant: new scopes, a new code, no tokens until it is traded.
    values = {
        "scopes": bits,
        "redirect_uri": redirect_uri,
        "code_hash": token_hash(code),
        "code_expires_at": _now() + CODE_LIFETIME,
        "access_token_hash": None,
        "access_expires_at": None,
        "refresh_token_hash": None,
        "refresh_expires_at": None,
    }
    async with transaction():
        await hold(User, user.id)  # two authorisations at once: one grant, and the limit counted once each
        grant = await OAuthGrant.get_or_none(application_id=app.id, user_id=user.id)
        if grant is None and await OAuthGrant.filter(user_id=user.id).count() >= MAX_GRANTS:
            raise _fail("Max connections reached! Remove some connections and try again.")
        if grant is None:
            await OAuthGrant.create(application_id=app.id, user_id=user.id, **values)
        else:
            await OAuthGrant.filter(id=grant.id).update(**values)
    return {"redirectUri": redirect_uri, "code": code}


async def _issue(grant: OAuthGrant, **unspent: Any) -> dict[str, Any] | None:
    """New tokens for the grant, in one UPDATE that matches only while ``unspent`` (the code's or
    the refresh token's hash) is still the grant's: of several redemptions at once, one changes
    the row and the others match nothing (on PostgreSQL they wait for its row lock, then see the
    spent value). None for those."""
    access, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    changed = await OAuthGrant.filter(id=grant.id, **unspent).update(
        code_hash=None,
        code_expires_at=None,
        access_token_hash=token_hash(access),
        access_expires_at=_now() + ACCESS_LIFETIME,
        refresh_token_hash=token_hash(refresh),
        refresh_expires_at=_now() + REFRESH_LIFETIME,
    )
    if not changed:
        return None
    return {"accessToken": access, "expiresIn": int(ACCESS_LIFETIME.total_seconds()), "refreshToken": refresh}


async def exchange(args: Any) -> Any:
    grant_type = args.get("grantType")
    if grant_type not in ("authorization_code", "refresh_token"):
        return 'grantType must be "authorization_code" or "refresh_token"!', 400
    if grant_type == "authorization_code" and not args.get("code"):
        raise bad_request("code is required!")
    if grant_type == "refresh_token" and not args.get("refreshToken"):
        raise bad_request("refreshToken is required!")
    app = await _application(args.get("clientId") or "")
    if not app.client_secret or not secrets.compare_digest(app.client_secret, args.get("clientSecret") or ""):
        raise _fail("Invalid client secret.")
    if grant_type == "authorization_code":
        code_hash = token_hash(args["code"])
        grant = await OAuthGrant.get_or_none(application_id=app.id, code_hash=code_hash)
        if grant is None or grant.redirect_uri != args.get("redirectUri"):
            raise _fail("Invalid code or redirect URI.")
        if grant.code_expires_at is None or grant.code_expires_at < _now():
            raise _fail("Code expired.")
        tokens = await _issue(grant, code_hash=code_hash)
        if tokens is None:  # redeemed by another request meanwhile: as for a used code
            raise _fail("Invalid code or redirect URI.")
        return tokens
    refresh_hash = token_hash(args["refreshToken"])
    grant = await OAuthGrant.get_or_none(application_id=app.id, refresh_token_hash=refresh_hash)
    if grant is None:
        raise _fail("Invalid refresh token.")
    if grant.refresh_expires_at is None or grant.refresh_expires_at < _now():
        raise _fail("Refresh token expired.")
    tokens = await _issue(grant, refresh_token_hash=refresh_hash)
    if tokens is None:  # rotated by another request meanwhile: as for a used refresh token
        raise _fail("Invalid refresh token.")
    return tokens


async def authorized(user: User) -> list[dict[str, Any]]:
    grants = await OAuthGrant.filter(user_id=user.id).order_by("-id").select_related("application")
    bots = {
        u.id: u
        for u in await User.filter(id__in=[g.application.bot_user_id for g in grants if g.application.bot_user_id])
    }
    return [
        {
            "id": str(g.id),
            "createdAt": ms(g.created_at),
            "application": {
                "id": str(g.application.id),
                "name": g.application.name,
                "createdAt": ms(g.application.created_at),
                "botUser": _mini(bots[g.application.bot_user_id], "id", "username", "tag", "badges", "hexColor")
                if g.application.bot_user_id in bots
                else None,
            },
        }
        for g in grants
    ]


async def unauthorize(user: User, app_id: str) -> None:
    app = await service.find(app_id)
    if app is None or not await OAuthGrant.filter(application_id=app.id, user_id=user.id).delete():
        raise _fail("Grant not found")


async def grant_of_token(access_token: str | None, scope: int) -> OAuthGrant:
    if not access_token:
        raise ApiError(401, "No token provided.")
    grant = await OAuthGrant.get_or_none(access_token_hash=token_hash(access_token))
    if grant is None:
        raise ApiError(404, "Invalid token.")
    if grant.access_expires_at is None or grant.access_expires_at < _now():
        raise ApiError(401, "Token expired. Please try again.")
    if not grant.scopes & scope:
        raise ApiError(401, "Scope not allowed.")
    return grant


SERVER_KEYS = (
    "id",
    "name",
    "avatar",
    "banner",
    "createdById",
    "createdAt",
    "hexColor",
    "verified",
    "systemChannelId",
    "defaultRoleId",
)


async def servers_of(grant: OAuthGrant) -> list[dict[str, Any]]:
    """The servers the grant's user is in, oldest membership first (rest.md §14, the route upstream
    never mounted): a user has at most 100, so the list is bounded by that limit."""
    if not hearth().plugins.enabled("servers"):
        raise ApiError(404, "Not found.")
    from plugins.servers.models import Member, Server
    from plugins.servers.wire import server_wire

    ids = await Member.filter(user_id=grant.user_id).order_by("joined_at", "id").values_list("server_id", flat=True)
    order = {server_id: n for n, server_id in enumerate(ids)}
    servers = sorted(await Server.filter(id__in=list(order)), key=lambda s: order[s.id]) if order else []
    answer = []
    for server in servers:
        shape = server_wire(server, extras=False)
        answer.append({**{k: shape[k] for k in SERVER_KEYS}, "publicServer": server.public})
    return answer
