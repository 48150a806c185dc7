"""Account rules: registration, login, codes, profile updates and deletion."""

from __future__ import annotations

import colorsys
import random
import secrets
import string
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from quart import current_app
from tortoise.exceptions import IntegrityError

from core.cdn.service import verify_file
from core.context import hearth
from core.db import transaction
from core.devmode import dev_mode
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.identity.passwords import NO_PASSWORD, has_password, hash_password, verify_nothing, verify_password
from core.identity.sessions import create_session, revoke_sessions
from core.identity.tokens import code_hash
from core.ids import parse_id
from core.mail import MailError
from plugins.accounts import invites
from plugins.accounts.models import BadgeStash, Profile, VerificationCode
from plugins.accounts.public_profile import brief_profiles, profile_extras

TAG_ALPHABET = string.ascii_letters + string.digits
EMAIL_CODE_TTL = timedelta(minutes=30)
RESET_CODE_TTL = timedelta(hours=1)


def random_tag() -> str:
    return "".join(secrets.choice(TAG_ALPHABET) for _ in range(4))


def random_hex_color() -> str:
    red, green, blue = colorsys.hls_to_rgb(random.random(), 0.65, 0.65)
    return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"


def check_username_words(username: str) -> None:
    lowered = username.lower()
    for word in hearth().settings.get("accounts.blocked_words") or []:
        if word and word.lower() in lowered:
            raise bad_request("Username cannot contain bad words.", "username")


async def register(
    email: str,
    username: str,
    password: str,
    ip: str | None,
    agent: str | None,
    invite_code: str | None = None,
) -> str:
    if await Account.exists(email=email):
        raise bad_request("Email already exists.", "email")
    password_hash = await hash_password(password.strip())
    user = await create_account(email, username, password_hash, invite_code=invite_code)
    _, token = await create_session(user, ip, agent)
    return token


async def create_account(
    email: str,
    username: str,
    password_hash: str,
    *,
    email_confirmed: bool = False,
    invite_code: str | None = None,
    inside: Callable[[User], Awaitable[Any]] | None = None,
) -> User:
    """A new user and account with a free tag; ``invite_code`` is consumed and ``inside`` (single
    sign-on's link) runs in the same transaction, so a refusal leaves nothing behind."""
    for _ in range(5):
        tag = random_tag()
        if await User.exists(username=username, tag=tag):
            continue
        try:
            async with transaction():
                user = await User.create(username=username, tag=tag, hex_color=random_hex_color(), status=1)
                await Account.create(
                    user=user, email=email, password_hash=password_hash, email_confirmed=email_confirmed
                )
                if invite_code is not None:
                    await invites.consume(invite_code)
                if inside is not None:
                    await inside(user)
            return user
        except IntegrityError:
            if await Account.exists(email=email):
                raise bad_request("Email already exists.", "email") from None
    raise bad_request("This username is used too often. Try again.", "username")


async def login(
    email: str | None, username_and_tag: str | None, password: str, ip: str | None, agent: str | None
) -> dict[str, Any]:
    account = await authenticate(email, username_and_tag, password)
    return await finish_login(account.user, "password", ip, agent)


async def authenticate(email: str | None, username_and_tag: str | None, password: str) -> Account:
    """The account the e-mail or ``username:tag`` names, when the password is its own (rest.md §1.2 texts)."""
    if email and username_and_tag:
        raise bad_request("Only one of username:tag/email are required!", "email")
    if not email and not username_and_tag:
        raise bad_request("username:tag/email required!")
    if username_and_tag is not None:
        parts = username_and_tag.split(":")
        if len(parts) != 2:
            raise bad_request("Invalid username & tag")
        account = await Account.get_or_none(
            user__username=parts[0], user__tag=parts[1], user__deleted=False
        ).select_related("user")
        if account is None:
            await verify_nothing(password)  # as long as a wrong password: no account shows in the timing
            raise bad_request("Invalid username/tag", "email")
    else:
        account = await Account.get_or_none(email=email).select_related("user")
        if account is None:
            await verify_nothing(password)
            raise bad_request("Invalid email address.", "email")
    if not await password_matches(account, password):
        raise bad_request("Invalid password.", "password")
    return account


async def finish_login(user: User, method: str, ip: str | None, agent: str | None) -> dict[str, Any]:
    """The last step of every way in (``method``: "password", and what plugins add): a plugin may
    first ask for more (``account_login_challenge``, e.g. a second factor), else a new session."""
    for challenge in await hearth().plugins.gather("account_login_challenge", user=user, method=method):
        if challenge:
            return challenge
    _, token = await create_session(user, ip, agent)
    return {"token": token}


async def password_matches(account: Account, password: str) -> bool:
    """Stored hashes are of the trimmed password (rest.md §1.1), so the input is trimmed too:
    a password typed with surrounding spaces keeps working as typed."""
    return await verify_password(account.password_hash, password.strip())


async def require_password(
    user_id: int, password: str | None, status: int = 400, message: str = "Invalid password."
) -> Account:
    account = await Account.get(user_id=user_id)
    if password is None or not await password_matches(account, password):
        raise ApiError(status, message, "password")
    return account


# --- codes --------------------------------------------------------------------------------


async def _store_code(user_id: int, purpose: str, code: str, ttl: timedelta) -> None:
    await VerificationCode.filter(user_id=user_id, purpose=purpose).delete()
    await VerificationCode.create(
        user_id=user_id, purpose=purpose, code_hash=code_hash(code), expires_at=datetime.now(UTC) + ttl
    )


async def send_email_code(user: User) -> str:
    account = await Account.get(user_id=user.id)
    if account.email_confirmed:
        raise bad_request("Email already verified.")
    code = "".join(secrets.choice(string.digits) for _ in range(5))
    await _store_code(user.id, VerificationCode.EMAIL, code, EMAIL_CODE_TTL)
    mailer = hearth().mailer
    if mailer.dev_mode or dev_mode():
        return f"DEV MODE: Email verify code: {code}"
    try:
        await mailer.send(
            account.email,
            "Your Hearth confirmation code",
            f"Hello {user.username},\n\nYour confirmation code is: {code}\n\n"
            "It expires in 30 minutes. If you did not ask for it, ignore this mail.",
        )
    except MailError:
        raise bad_request("Failed to send email. Try again later.") from None
    return "Email confirmation code sent."


async def confirm_email(user: User, code: str) -> None:
    account = await Account.get(user_id=user.id)
    if account.email_confirmed:
        raise bad_request("Email already verified.")
    pending = await VerificationCode.get_or_none(user_id=user.id, purpose=VerificationCode.EMAIL)
    if pending is None or pending.expires_at < datetime.now(UTC):
        raise await _without_code(account.id)
    if not secrets.compare_digest(pending.code_hash, code_hash(code.strip())):
        raise bad_request("Invalid code.")
    try:
        async with transaction():
            # The account row first, as an e-mail change takes it before the codes: one order.
            await Account.filter(id=account.id).update(email_confirmed=True)
            if not await VerificationCode.filter(id=pending.id).delete():
                raise _CodeSpent  # used by a request at the same moment, or voided by an e-mail change
            await hearth().gateway.emit("user:updatedSelf", {"emailConfirmed": True}, to=str(user.id))
    except _CodeSpent:
        raise await _without_code(account.id) from None


class _CodeSpent(Exception):
    """The code was taken between reading it and consuming it; the transaction is undone."""


async def _without_code(account_id: int) -> ApiError:
    """The refusal when no code is (any longer) pending: a use of it at the same moment may have
    confirmed the address since this request first looked, and then says so."""
    if await Account.filter(id=account_id, email_confirmed=True).exists():
        return bad_request("Email already verified.")
    return bad_request("You must request email verification first.")


async def send_reset_link(email: str) -> str:
    """With mail, the answer is the same whether or not the address has an account, and so is
    the request's work: the code is made and mailed after the answer (a failure is logged).
    In dev mail mode the link is the answer, so there is nothing to hide."""
    account = await Account.get_or_none(email=email).select_related("user")
    if hearth().mailer.dev_mode or dev_mode():
        if account is None:
            raise bad_request("Invalid email.")
        return f"DEV MODE: Password reset link: {await _new_reset_link(account)}"
    if account is not None:
        current_app.add_background_task(_mail_reset_link, account)
    return "Password reset link sent to your email."


async def _new_reset_link(account: Account) -> str:
    code = secrets.token_hex(20)
    await _store_code(account.user_id, VerificationCode.RESET, code, RESET_CODE_TTL)
    base = str(hearth().settings.server.public_url).rstrip("/")
    return f"{base}/reset-password?code={code}&userId={account.user_id}"


async def _mail_reset_link(account: Account) -> None:
    link = await _new_reset_link(account)
    try:
        await hearth().mailer.send(
            account.email,
            "Reset your Hearth password",
            f"Hello {account.user.username},\n\nOpen this link to choose a new password:\n{link}\n\n"
            "It expires in one hour. If you did not ask for it, ignore this mail.",
        )
    except MailError:
        pass  # the mailer logged it; the answer was already given


async def reset_password(user_id: str, code: str, new_password: str, ip: str | None, agent: str | None) -> str:
    if not code:
        raise bad_request("Invalid code.")
    owner_id = parse_id(user_id)
    if owner_id is None:
        raise bad_request("Invalid userId.")
    pending = await VerificationCode.get_or_none(user_id=owner_id, purpose=VerificationCode.RESET)
    if (
        pending is None
        or pending.expires_at < datetime.now(UTC)
        or not secrets.compare_digest(pending.code_hash, code_hash(code))
    ):
        raise bad_request("Invalid or expired code.")
    password_hash = await hash_password(new_password.strip())
    async with transaction():
        await Account.filter(user_id=pending.user_id).update(password_hash=password_hash)
        if not await VerificationCode.filter(id=pending.id).delete():  # another request used it meanwhile
            raise bad_request("Invalid or expired code.")
        await revoke_sessions(pending.user_id)
        await hearth().gateway.kick(str(pending.user_id), "Invalid Token")
        user = await User.get(id=pending.user_id)
        _, token = await create_session(user, ip, agent)
    return token


# --- profile update ----------------------------------------------------------------------

PROFILE_FIELDS = {
    "bio": "bio",
    "bgColorOne": "bg_color_one",
    "bgColorTwo": "bg_color_two",
    "primaryColor": "primary_color",
    "font": "font",
}
ACCOUNT_FLAGS = {
    "dmStatus": "dm_status",
    "friendRequestStatus": "friend_request_status",
    "hideFollowing": "hide_following",
    "hideFollowers": "hide_followers",
}


async def update_account(user: User, changes: dict[str, Any], ip: str | None, agent: str | None) -> dict[str, Any]:
    account = None if user.bot else await Account.get(user_id=user.id)
    if user.bot:
        changes = {
            k: v
            for k, v in changes.items()
            if k not in ("email", "password", "newPassword", *ACCOUNT_FLAGS, "lastOnlineStatus")
        }
    if isinstance(changes.get("newPassword"), str) and not changes["newPassword"].strip():
        changes = {k: v for k, v in changes.items() if k != "newPassword"}  # a blank one is ignored, as upstream does
    needs_password = any(changes.get(k) is not None for k in ("email", "username", "tag", "newPassword"))
    # An account made through single sign-on has no password: its owner sets one without a current
    # one (sessions kept), and changes the rest with it — in the same request or later.
    first_password = account is not None and needs_password and not has_password(account.password_hash)
    if first_password and not changes.get("newPassword"):
        raise bad_request("This account has no password yet: set one first.", "newPassword")
    if account is not None and needs_password and not first_password:
        if not (changes.get("password") or "").strip():
            raise bad_request("Password is required.", "password")
        if not await password_matches(account, changes["password"]):
            raise bad_request("Invalid Password", "password")

    user_updates: dict[str, Any] = {}
    self_event: dict[str, Any] = {}
    username = changes.get("username") or user.username
    tag = changes.get("tag") or user.tag
    if changes.get("username"):
        check_username_words(changes["username"])
    if (username, tag) != (user.username, user.tag):
        if await User.filter(username=username, tag=tag).exclude(id=user.id).exists():
            raise bad_request("Someone already has this combination of tag and username.")
        user_updates.update(username=username, tag=tag)

    account_updates: dict[str, Any] = {}
    if account is not None and changes.get("email") and changes["email"] != account.email:
        if await Account.filter(email=changes["email"]).exclude(id=account.id).exists():
            raise bad_request("This email is already used by someone else.")
        account_updates.update(email=changes["email"], email_confirmed=False)
        self_event["emailConfirmed"] = False
    for wire_key, column in ACCOUNT_FLAGS.items():
        if changes.get(wire_key) is not None:
            account_updates[column] = changes[wire_key]
            self_event[wire_key] = changes[wire_key]
    if changes.get("lastOnlineStatus") is not None:
        user_updates["last_online_status"] = changes["lastOnlineStatus"]
        if changes["lastOnlineStatus"] == 0:
            user_updates["last_online_at"] = None

    for wire_key, kind in (("avatarId", "avatars"), ("bannerId", "profile_banners")):
        if wire_key not in changes:
            continue
        column = "avatar" if kind == "avatars" else "banner"
        if changes[wire_key] is None:
            user_updates[column] = None
            continue
        if account is not None and not account.email_confirmed:
            raise bad_request("You must confirm your email before choosing an avatar or banner.")
        record = await verify_file(user.id, changes[wire_key], kind, group_id=str(user.id), image_only=True)
        user_updates[column] = record.path

    profile_updates = {column: changes[key] for key, column in PROFILE_FIELDS.items() if key in changes}
    choosing_clan = "clanServerId" in changes and not user.bot
    new_password_hash = await hash_password(changes["newPassword"].strip()) if changes.get("newPassword") else None

    new_token = None
    async with transaction():
        if user_updates:
            await User.filter(id=user.id).update(**user_updates)
        if account is not None and (account_updates or new_password_hash):
            if new_password_hash:
                account_updates["password_hash"] = new_password_hash
            # a first password only over no password: of two at once, the second asks for the first
            same = {"password_hash": NO_PASSWORD} if first_password else {}
            if not await Account.filter(id=account.id, **same).update(**account_updates):
                raise bad_request("Invalid Password", "password")
        if "email" in account_updates:  # a code mailed to the old address must not confirm the new one
            await VerificationCode.filter(user_id=user.id, purpose=VerificationCode.EMAIL).delete()
        profile = await Profile.get_or_none(user_id=user.id)
        if choosing_clan:
            await choose_clan(user, changes["clanServerId"])
        if profile_updates or (choosing_clan and profile is None):  # a worn clan shows in profile.clan
            if profile is None:
                profile = await Profile.create(user_id=user.id, **profile_updates)
            else:
                await profile.update_from_dict(profile_updates).save()
        await user.refresh_from_db()
        gateway = hearth().gateway
        self_event.update(
            email=(account_updates.get("email") or (account.email if account else None)),
            username=user.username,
            tag=user.tag,
        )
        if "avatar" in user_updates:
            self_event["avatar"] = user.avatar
        if "banner" in user_updates:
            self_event["banner"] = user.banner
        if "last_online_status" in user_updates:
            self_event["lastOnlineStatus"] = user.last_online_status
        if profile_updates or choosing_clan:
            self_event["profile"] = {k: changes[k] for k in (*PROFILE_FIELDS, "clanServerId") if k in changes}
        if not user.bot:
            await gateway.emit("user:updatedSelf", self_event, to=str(user.id))
        public_change = {"username": user.username, "tag": user.tag}
        for key in ("avatar", "banner"):
            if key in user_updates:
                public_change[key] = getattr(user, key)
        if "last_online_status" in user_updates:
            public_change["lastOnlineStatus"] = user.last_online_status
        if choosing_clan or "font" in profile_updates:  # what others embed of the profile: {font, clan}
            public_change["profile"] = (await brief_profiles([user.id])).get(user.id)
        rooms = await audience_rooms(user.id)
        if rooms:
            await gateway.emit(
                "user:updated", {"userId": str(user.id), "updated": public_change}, to=rooms, skip_sid=None
            )
        if new_password_hash and first_password:
            await hearth().plugins.gather("account_password_set", user_id=user.id, ip=ip)
        elif new_password_hash:
            await revoke_sessions(user.id)
            await gateway.kick(str(user.id), "Password updated. Reload.")
            _, new_token = await create_session(user, ip, agent)

    from core.wire import full_user

    extras = (await profile_extras([user.id])).get(user.id) if profile else None
    body: dict[str, Any] = {"user": {**full_user(user), "profile": profile.wire(extras) if profile else None}}
    if account is not None:
        fresh = await Account.get(id=account.id)
        body["user"].update(
            email=fresh.email,
            emailConfirmed=fresh.email_confirmed,
            dmStatus=fresh.dm_status,
            friendRequestStatus=fresh.friend_request_status,
            hideFollowers=fresh.hide_followers,
            hideFollowing=fresh.hide_following,
        )
    if new_token:
        body["newToken"] = new_token
    return body


async def choose_clan(user: User, server_id: str | None) -> None:
    answers = await hearth().plugins.gather("profile_clan_chosen", user=user, server_id=server_id)
    if server_id is not None and not any(answers):
        raise bad_request("Server does not have a clan.")  # no plugin gives servers clans


async def audience_rooms(user_id: int) -> list[str]:
    rooms: list[str] = []
    for contribution in await hearth().plugins.gather("user_audience_rooms", user_id=user_id):
        rooms.extend(room for room in contribution or [] if room != str(user_id) and room not in rooms)
    return rooms


# --- deletion ------------------------------------------------------------------------------


async def delete_account(user: User, password: str, delete_content: bool) -> None:
    await require_password(user.id, password, status=403)
    for blockers in await hearth().plugins.gather("account_deletion_blockers", user=user):
        if blockers:
            raise bad_request(blockers[0])
    await erase_account(user, delete_content)


async def erase_account(user: User, delete_content: bool) -> None:
    """Delete the account and keep the user as a tombstone; no password or blocker checks (the
    moderation plugin erases permanently suspended accounts with it)."""
    async with transaction():
        await Account.filter(user_id=user.id).delete()
        await VerificationCode.filter(user_id=user.id).delete()
        await Profile.filter(user_id=user.id).delete()
        await BadgeStash.filter(user_id=user.id).delete()
        await revoke_sessions(user.id)
        tombstone_tag = random_tag()
        await User.filter(id=user.id).update(
            username=f"Deleted User {tombstone_tag}",
            tag=tombstone_tag,
            avatar=None,
            banner=None,
            badges=0,
            custom_status=None,
            deleted=True,
            status=0,
        )
        await hearth().plugins.gather("user_deleted", user=user, delete_content=delete_content)
        await hearth().gateway.kick(str(user.id), "Invalid Token")


# --- bot check -------------------------------------------------------------------------------

TURNSTILE_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"


async def verify_captcha(token: str | None) -> None:
    """Verify a Cloudflare Turnstile token, only when the instance configured a secret (and
    never in dev mode, where captchas always pass: rest.md §0.7)."""
    secret = hearth().settings.get("accounts.captcha_secret")
    if not secret or dev_mode():
        return
    if not token:
        raise ApiError(401, "Invalid captcha! Please try again.", "token")
    import aiohttp

    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as client:
            async with client.post(TURNSTILE_URL, data={"secret": secret, "response": token}) as response:
                result = await response.json()
    except (aiohttp.ClientError, TimeoutError, ValueError):
        result = {"success": False}
    if not result.get("success"):
        raise ApiError(401, "Invalid captcha! Please try again.", "token")
