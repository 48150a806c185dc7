"""Account routes of rest.md §1 (register, login, sessions, e-mail codes, profile, deletion)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, jsonify, request
from quart_schema import document_querystring, validate_request

from core import features
from core.auth import (
    client_ip,
    current_session,
    current_user,
    maybe_user,
    optional_user_or_bot,
    require_user,
    require_user_or_bot,
)
from core.context import hearth
from core.errors import ApiError, bad_request
from core.identity.models import Account, Session, User
from core.identity.passwords import has_password
from core.identity.sessions import revoke_sessions
from core.ids import parse_id
from core.ratelimit import check, rate_limit
from core.validation import documented_query
from core.wire import ms, public_user
from plugins.accounts import badges, registration, service
from plugins.accounts.devices import describe
from plugins.accounts.inventory import inventory as items_of
from plugins.accounts.models import Profile
from plugins.accounts.public_profile import profile_extras
from plugins.accounts.schemas import (
    DeleteAccountBody,
    LoginBody,
    PasswordConfirmBody,
    RegisterBody,
    ResetPasswordBody,
    ResetSendCodeBody,
    UpdateAccountBody,
)

blueprint = Blueprint("accounts", __name__, url_prefix="/api/users")


def _agent() -> str | None:
    return request.headers.get("User-Agent")


SESSIONS_MAX = 200  # a bound on the list; sessions idle for [auth] idle days are removed anyway
REGISTER_LIMITED = "Something went wrong! Please try again in 1 minute."


@blueprint.post("/register")
@validate_request(RegisterBody)
async def register(data: RegisterBody) -> Any:
    invite_code = await registration.check_allowed(via_sso=False, invite_code=data.inviteCode)
    service.check_username_words(data.username)  # before the captcha, as rest.md §1.1 orders them
    # Counted once the request is well-formed, per address under a server-wide ceiling: one
    # global bucket of 5 (upstream) lets anyone keep registration closed for everybody.
    await check("register_limit", 5, 30, by="ip", message=REGISTER_LIMITED)
    await check(
        "register_limit_global",
        int(hearth().settings.get("accounts.register_global_limit", 100)),
        30,
        by="global",
        message=REGISTER_LIMITED,
    )
    await service.verify_captcha(data.token)
    await hearth().standing.check_registration(data.email, client_ip())  # IP ban, suspended e-mail
    token = await service.register(
        data.email, data.username, data.password, client_ip(), _agent(), invite_code=invite_code
    )
    return {"token": token}


@blueprint.post("/login")
@rate_limit("login", 10, 30, by="ip")
@validate_request(LoginBody)
async def login(data: LoginBody) -> Any:
    return await service.login(data.email, data.usernameAndTag, data.password, client_ip(), _agent())


@blueprint.delete("/logout")
@require_user
@rate_limit("user_logout", 10, 10)
async def logout() -> Any:
    session = current_session()
    await Session.filter(id=session.id).delete()
    await hearth().gateway.kick(f"ses:{session.id}", "Invalid Token")
    return {"status": True}


SESSION_DETAILS = "session-details"  # docs/protocol-extensions.md


@blueprint.get("/sessions")
@require_user
@rate_limit("account_sessions", 20, 60)
async def sessions() -> Any:
    """rest.md §1.4's list; a client asking for ``session-details`` (``X-Hearth-Features``) also
    gets each session's ``device {browser, os}``, ``createdAt`` and whether it is ``current``."""
    rows = await Session.filter(user_id=current_user().id).order_by("-last_seen_at").limit(SESSIONS_MAX)
    details = SESSION_DETAILS in features.of_request()
    current_id = current_session().id
    listed = []
    for row in rows:
        item: dict[str, Any] = {
            "deviceType": row.device_type,
            "sessionId": str(row.id),
            "location": row.ip_address or "",
            "lastSeenAt": ms(row.last_seen_at),
        }
        if details:
            item.update(device=describe(row.user_agent), createdAt=ms(row.created_at), current=row.id == current_id)
        listed.append(item)
    return jsonify(listed)


@blueprint.delete("/sessions")
@blueprint.delete("/sessions/<session_id>")
@require_user
@rate_limit("account_sessions_delete", 20, 60)
@validate_request(PasswordConfirmBody)
async def destroy_sessions(data: PasswordConfirmBody, session_id: str | None = None) -> Any:
    user = current_user()
    await service.require_password(user.id, data.password)
    if session_id is None and data.keepCurrent is True:  # Hearth's own: "log out everywhere else"
        for revoked in await revoke_sessions(user.id, keep=current_session().id):
            await hearth().gateway.kick(f"ses:{revoked}", "Session Destroyed.")
    elif session_id is None:
        await revoke_sessions(user.id)
        await hearth().gateway.kick(str(user.id), "Session Destroyed.")
    else:
        only = parse_id(session_id)
        if only is None or not await revoke_sessions(user.id, only=only):
            raise bad_request("Invalid session.", "sessionId")
        await hearth().gateway.kick(f"ses:{only}", "Session Destroyed.")
    return jsonify(True)


@blueprint.post("/emails/verify/send-code")
@require_user
@rate_limit("verify_email_send_code", 1, 60)
async def send_email_code() -> Any:
    return {"message": await service.send_email_code(current_user())}


@blueprint.post("/emails/verify")
@require_user
@rate_limit("verify_email_code", 8, 600, by="ip")
@document_querystring(documented_query("EmailCodeQuery", code=str))
async def confirm_email() -> Any:
    code = request.args.get("code", "")
    if not code:
        raise bad_request("Invalid code.")
    await service.confirm_email(current_user(), code)
    return {"status": True}


@blueprint.post("/reset-password/send-code")
@rate_limit("reset_password_send_code", 1, 60, by="ip")
@validate_request(ResetSendCodeBody)
async def send_reset_link(data: ResetSendCodeBody) -> Any:
    return {"message": await service.send_reset_link(data.email)}


@blueprint.post("/reset-password")
@rate_limit("reset_password", 8, 30, by="ip")
@validate_request(ResetPasswordBody)
@document_querystring(documented_query("ResetPasswordQuery", code=str, userId=str))
async def reset_password(data: ResetPasswordBody) -> Any:
    token = await service.reset_password(
        request.args.get("userId", ""), request.args.get("code", ""), data.newPassword, client_ip(), _agent()
    )
    return {"token": token}


@blueprint.post("")
@require_user_or_bot
@rate_limit("user_update_limit", 10, 60)
@validate_request(UpdateAccountBody)
async def update(data: UpdateAccountBody) -> Any:
    changes = data.model_dump(exclude_unset=True)
    return await service.update_account(current_user(), changes, client_ip(), _agent())


@blueprint.get("/password")
@require_user
@rate_limit("user_password_status", 20, 60)
async def password_status() -> Any:
    """Hearth's own: whether the account has a password (one made through single sign-on has
    none until its owner sets one with ``POST /users {newPassword}``, no current password)."""
    account = await Account.get(user_id=current_user().id)
    return {"passwordSet": has_password(account.password_hash)}


@blueprint.delete("/delete-account")
@require_user
@rate_limit("delete_account", 20, 60)
@validate_request(DeleteAccountBody)
async def delete_account(data: DeleteAccountBody) -> Any:
    await service.delete_account(current_user(), data.password, data.deleteContent)
    return {"status": True}


@blueprint.get("/inventory")
@require_user_or_bot
@rate_limit("user_inventory", 10, 10)
async def inventory() -> Any:
    user = current_user()
    return jsonify(items_of(user, await badges.stashed_badges(user.id)))


@blueprint.post("/badges/toggle")
@require_user
@rate_limit("toggle_badge", 15, 20)
async def toggle_badge() -> Any:
    body = await request.get_json(force=True, silent=True)
    bit = body.get("bit") if isinstance(body, dict) else None
    if not badges.valid_bit(bit):
        return Response("", status=400)  # rest.md §0.4: this route's validation fails with an empty body
    # No socket event: the reference emits none (rest.md §1.29); other clients see it on their next fetch.
    return {"badges": await badges.toggle(current_user(), bit)}


@blueprint.get("")
@blueprint.get("/<user_id>")
@optional_user_or_bot
async def profile(user_id: str | None = None) -> Any:
    viewer = maybe_user()
    if user_id is None:
        if viewer is None:
            raise bad_request("Invalid userId.")
        user_id = str(viewer.id)
    parsed = parse_id(user_id)
    user = await User.get_or_none(id=parsed) if parsed is not None else None
    if user is None:
        raise ApiError(400, "User not found.", "user")
    account = await Account.get_or_none(user_id=user.id)
    profile_row = await Profile.get_or_none(user_id=user.id)
    hide_followers = bool(account and account.hide_followers)
    hide_following = bool(account and account.hide_following)
    body: dict[str, Any] = {
        "block": False,
        "user": {
            **public_user(user),
            "application": None,
            "followers": [],
            "following": [],
            "_count": {"followers": 0, "following": 0, "likedPosts": 0, "posts": 0},
            "account": {"hideFollowers": hide_followers, "hideFollowing": hide_following} if account else None,
        },
        "followsYou": False,
        "hideFollowing": hide_following,
        "hideFollowers": hide_followers,
        "mutualFriendIds": [],
        "mutualServerIds": [],
        "latestPost": None,
        "profile": profile_row.wire((await profile_extras([user.id])).get(user.id)) if profile_row else None,
    }
    for contribution in await hearth().plugins.gather("user_profile", viewer=viewer, user=user):
        _merge(body, contribution or {})
    return body


def _merge(target: dict[str, Any], extra: dict[str, Any]) -> None:
    """Nested objects merge (``user._count`` gets keys from several plugins), the rest replaces."""
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = value
