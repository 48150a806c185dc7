"""Applications and their bot users (rest.md §10): create, rename, delete, the client secret,
the bot user, its profile and its token."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any

from core.context import hearth
from core.db import hold, transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, Session, User
from core.identity.sessions import revoke_sessions
from core.identity.tokens import token_hash
from core.ids import new_id, parse_id
from core.instance_key import instance_key
from core.wire import full_user, ms, public_user
from plugins.accounts.models import Profile
from plugins.accounts.service import audience_rooms, random_hex_color, random_tag
from plugins.applications.models import Application, BotCommand
from plugins.applications.schemas import MAX_REDIRECT_URIS

MAX_APPLICATIONS = 10
ONLINE = 1
NOT_FOUND = "Application not found!"
NO_BOT = "Application does not have a bot!"


# --- wire ------------------------------------------------------------------------------------


def application_wire(app: Application, secret: bool = True) -> dict[str, Any]:
    data = {
        "id": str(app.id),
        "name": app.name,
        "description": app.description,
        "avatar": app.avatar,
        "botUserId": str(app.bot_user_id) if app.bot_user_id else None,
        "creatorAccountId": str(app.creator_account_id),
        "createdAt": ms(app.created_at),
        "redirectUris": list(app.redirect_uris or []),
    }
    if secret:
        data["clientSecret"] = app.client_secret
    return data


async def owner_view(app: Application) -> dict[str, Any]:
    bot = await User.get_or_none(id=app.bot_user_id) if app.bot_user_id else None
    return {**application_wire(app), "botUser": full_user(bot) if bot else None}


# --- lookups -----------------------------------------------------------------------------------


async def find(app_id: str | None) -> Application | None:
    parsed = parse_id(app_id) if app_id is not None else None
    return await Application.get_or_none(id=parsed) if parsed is not None else None


async def own(user: User, app_id: str, status: int, message: str = NOT_FOUND) -> Application:
    """The caller's application, or ``status`` with ``message`` for a missing or foreign one."""
    app = await find(app_id)
    if app is None or app.creator_id != user.id:
        raise ApiError(status, message)
    return app


async def own_with_bot(
    user: User, app_id: str, status: int, no_bot_status: int | None = None, no_bot: str = NO_BOT
) -> tuple[Application, User]:
    app = await own(user, app_id, status)
    bot = await User.get_or_none(id=app.bot_user_id, deleted=False) if app.bot_user_id else None
    if bot is None:
        raise ApiError(no_bot_status or status, no_bot)
    return app, bot


async def application_id_of_bot(bot_user_id: int) -> int | None:
    return await Application.filter(bot_user_id=bot_user_id).first().values_list("id", flat=True)


async def owns_bot(user: User, group_id: int) -> bool:
    """Upload group check: the bot ``group_id`` belongs to an application of ``user``."""
    return await Application.exists(bot_user_id=group_id, creator_id=user.id)


# --- applications ------------------------------------------------------------------------------


async def create(user: User, name: str | None = None) -> dict[str, Any]:
    """``name`` is Hearth's (asked for first); without it, the reference's "Untitled N"."""
    account = await Account.get_or_none(user_id=user.id)
    if account is None or not account.email_confirmed:
        raise ApiError(403, "You must confirm your email first.")
    async with transaction():
        await hold(User, user.id)
        count = await Application.filter(creator_id=user.id).count()
        if count >= MAX_APPLICATIONS:
            raise bad_request("You already created the maximum amount of applications!")
        app = await Application.create(
            name=name or f"Untitled {count + 1}",
            creator_id=user.id,
            creator_account_id=account.id,
            redirect_uris=[],
        )
    return application_wire(app)


async def listing(user: User) -> list[dict[str, Any]]:
    apps = await Application.filter(creator_id=user.id).order_by("id")
    bots = {u.id: u for u in await User.filter(id__in=[a.bot_user_id for a in apps if a.bot_user_id])}
    return [
        {
            **application_wire(a, secret=False),
            "botUser": public_user(bots[a.bot_user_id]) if a.bot_user_id in bots else None,
        }
        for a in apps
    ]


def new_secret() -> str:
    return secrets.token_urlsafe(32)  # 32 random bytes → 43 base64url characters


async def details(user: User, app_id: str) -> dict[str, Any]:
    app = await own(user, app_id, 404)
    if app.client_secret is None:
        app.client_secret = new_secret()
        await Application.filter(id=app.id, client_secret__isnull=True).update(client_secret=app.client_secret)
        await app.refresh_from_db()  # another first read may have won: show the stored one
    return await owner_view(app)


async def refresh_secret(user: User, app_id: str) -> dict[str, Any]:
    app = await own(user, app_id, 404)
    app.client_secret = new_secret()
    await app.save(update_fields=["client_secret"])
    return await owner_view(app)


async def update(user: User, app_id: str, name: str | None, redirect_uris: list[str] | None) -> dict[str, Any]:
    app = await own(user, app_id, 403)
    if redirect_uris is not None and len(redirect_uris) > MAX_REDIRECT_URIS:
        raise ApiError(403, "Too many redirect URIs!")
    answer: dict[str, Any] = {}
    if name is not None:
        app.name = answer["name"] = name
    if redirect_uris is not None:
        app.redirect_uris = answer["redirectUris"] = redirect_uris
    if answer:
        await app.save(update_fields=[{"name": "name", "redirectUris": "redirect_uris"}[k] for k in answer])
    return {**answer, "id": str(app.id)}


async def delete(user: User, app_id: str) -> None:
    app = await own(user, app_id, 400)
    await _delete_application(app)


async def delete_applications_of(user_id: int) -> None:
    for app in await Application.filter(creator_id=user_id):
        await _delete_application(app)


async def _delete_application(app: Application) -> None:
    bot = await User.get_or_none(id=app.bot_user_id, deleted=False) if app.bot_user_id else None
    if bot is not None:
        await delete_bot_user(bot)
    async with transaction():
        await _unlist(app)
        await app.delete()


async def _unlist(app: Application) -> None:
    """Its explore listing goes too (without explore, a listing made before stays in explore's
    table, never shown again: its application is gone)."""
    if hearth().plugins.enabled("explore"):
        from plugins.explore.models import ExploreItem

        await ExploreItem.filter(bot_application_id=app.id).delete()


async def _leave_servers(bot: User) -> None:
    if not hearth().plugins.enabled("servers"):
        return
    from plugins.servers.models import Member, Server
    from plugins.servers.service import leave_flow

    for server in await Server.filter(id__in=await Member.filter(user_id=bot.id).values_list("server_id", flat=True)):
        await leave_flow(server, bot)


async def delete_bot_user(bot: User) -> None:
    """The bot leaves every server, then is tombstoned with its content purged, as an account
    deletion does (``Deleted Bot XXXX``); its sockets are dropped."""
    await _leave_servers(bot)
    async with transaction():
        await revoke_sessions(bot.id)
        await BotCommand.filter(bot_user_id=bot.id).delete()
        await Profile.filter(user_id=bot.id).delete()
        tag = random_tag()
        await User.filter(id=bot.id).update(
            username=f"Deleted Bot {tag}",
            tag=tag,
            avatar=None,
            banner=None,
            badges=0,
            custom_status=None,
            deleted=True,
            status=0,
        )
        await hearth().plugins.gather("user_deleted", user=bot, delete_content=True)
        await hearth().gateway.kick(str(bot.id), "Invalid Token")


async def exists(app_id: str) -> dict[str, Any]:
    if await find(app_id) is None:
        raise ApiError(404, NOT_FOUND)
    return {"exists": True}


# --- the bot user --------------------------------------------------------------------------------


async def create_bot(user: User, app_id: str, username: str | None = None) -> dict[str, Any]:
    """``username`` is Hearth's (asked for first); without it, the reference's "Untitled Bot NNNN".
    The tag is random, and another is drawn while that name and tag are taken."""
    app = await own(user, app_id, 400)
    if app.bot_user_id:
        raise bad_request("This application already has a bot!")
    username = username or f"Untitled Bot {secrets.randbelow(10000):04d}"
    tag = random_tag()
    for _ in range(10):
        if not await User.exists(username=username, tag=tag):
            break
        tag = random_tag()
    else:
        raise ApiError(403, "Someone already has this combination of tag and username.")
    async with transaction():
        bot = await User.create(
            username=username,
            tag=tag,
            hex_color=random_hex_color(),
            bot=True,
            status=ONLINE,
        )
        # Only one bot per application, even when two requests race.
        if not await Application.filter(id=app.id, bot_user_id__isnull=True).update(bot_user_id=bot.id):
            raise bad_request("This application already has a bot!")
    return full_user(bot)


async def update_bot(user: User, app_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    from core.cdn.service import verify_file

    app = await own(user, app_id, 404)
    if not app.bot_user_id:
        raise bad_request("You must create a bot first!")
    bot = await User.get(id=app.bot_user_id)
    if not bot.bot:
        raise ApiError(403, "User is not a bot!")
    updates: dict[str, Any] = {}
    username, tag = changes.get("username") or bot.username, changes.get("tag") or bot.tag
    if (username, tag) != (bot.username, bot.tag):
        if await User.filter(username=username, tag=tag).exclude(id=bot.id).exists():
            raise ApiError(403, "Someone already has this combination of tag and username.")
        updates.update(username=username, tag=tag)
    for key, column, kind in (("avatarId", "avatar", "avatars"), ("bannerId", "banner", "profile_banners")):
        if key in changes:
            updates[column] = (
                None
                if changes[key] is None
                else (await verify_file(user.id, changes[key], kind, group_id=str(bot.id), image_only=True)).path
            )
    async with transaction():
        if updates:
            await User.filter(id=bot.id).update(**updates)
            await bot.refresh_from_db()
        profile = await Profile.get_or_none(user_id=bot.id)
        if "bio" in changes:
            if profile is None:
                profile = await Profile.create(user_id=bot.id, bio=changes["bio"])
            else:
                profile.bio = changes["bio"]
                await profile.save(update_fields=["bio"])
        if updates:
            public_change = {
                "username": bot.username,
                "tag": bot.tag,
                **{k: getattr(bot, k) for k in ("avatar", "banner") if k in updates},
            }
            rooms = await audience_rooms(bot.id)
            if rooms:
                await hearth().gateway.emit("user:updated", {"userId": str(bot.id), "updated": public_change}, to=rooms)
    profile_wire = (
        {
            "bio": profile.bio,
            "bgColorOne": profile.bg_color_one,
            "bgColorTwo": profile.bg_color_two,
            "primaryColor": profile.primary_color,
        }
        if profile
        else None
    )
    return {**full_user(bot), "profile": profile_wire}


async def bot_card(viewer: User, app_id: str, include_servers: bool) -> dict[str, Any]:
    """``GET /applications/:id/bot``: any application's bot, for the invite page."""
    app = await find(app_id)
    if app is None:
        raise bad_request(NOT_FOUND)
    bot = await User.get_or_none(id=app.bot_user_id, deleted=False) if app.bot_user_id else None
    if bot is None:
        raise bad_request(NO_BOT)
    creator = await User.get(id=app.creator_id)
    answer: dict[str, Any] = {
        "bot": {
            **public_user(bot),
            "application": {"id": str(app.id), "creatorAccount": {"user": public_user(creator)}},
        }
    }
    if include_servers:
        answer["servers"] = await _manageable_servers(viewer)
    return answer


async def _manageable_servers(viewer: User) -> list[dict[str, str]]:
    """The servers the viewer may add a bot to (owner or ADMIN): none without servers."""
    if not hearth().plugins.enabled("servers"):
        return []
    from plugins.servers.models import Member, Server
    from plugins.servers.permissions import member_contexts

    server_ids = list(await Member.filter(user_id=viewer.id).values_list("server_id", flat=True))
    contexts = await member_contexts(viewer, server_ids)
    manageable = [sid for sid, ctx in contexts.items() if ctx.is_admin]
    names = dict(await Server.filter(id__in=manageable).values_list("id", "name"))
    return [{"id": str(sid), "name": names[sid]} for sid in manageable if sid in names]


# --- the bot's token -------------------------------------------------------------------------------


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def bot_token(session_id: int) -> str:
    """A bot session's token, derived from the session id and the instance key: the owner can
    read it again (``GET /applications/:id/token`` answers the same token until a reset), yet
    the database holds only its SHA-256, like every session's."""
    key = bytes.fromhex(instance_key(hearth().settings))
    secret = hmac.new(key, f"hearth-bot-session:{session_id}".encode(), hashlib.sha256).digest()
    return f"{_b64(f'{session_id}-1'.encode())}.{_b64(secret)}"


async def token(user: User, app_id: str) -> dict[str, Any]:
    _, bot = await own_with_bot(user, app_id, 404)
    session = await Session.filter(user_id=bot.id).order_by("id").first()
    if session is None:
        session_id = new_id()
        session = await Session.create(id=session_id, user_id=bot.id, token_hash=token_hash(bot_token(session_id)))
    return {"token": bot_token(session.id)}


async def reset_token(user: User, app_id: str) -> None:
    _, bot = await own_with_bot(user, app_id, 404)
    async with transaction():
        await revoke_sessions(bot.id)
        await hearth().gateway.kick(str(bot.id), "Invalid Token")
