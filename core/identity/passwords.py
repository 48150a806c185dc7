"""argon2id password hashing, run in a worker thread so the event loop keeps serving."""

from __future__ import annotations

import asyncio
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from core.settings import Settings

_hasher = PasswordHasher()
_dummy_hash: str | None = None

# The password_hash of an account that has no password (one made through single sign-on): no
# password verifies against it, and its owner sets one without giving a current one.
NO_PASSWORD = "!"


def has_password(password_hash: str) -> bool:
    return password_hash != NO_PASSWORD


def configure(settings: Settings) -> None:
    global _hasher, _dummy_hash
    _dummy_hash = None
    _hasher = PasswordHasher(
        time_cost=int(settings.auth.argon2_time_cost),
        memory_cost=int(settings.auth.argon2_memory_kib),
        parallelism=int(settings.auth.argon2_parallelism),
    )


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(password_hash: str, password: str) -> bool:
    if not has_password(password_hash):
        await verify_nothing(password)  # as long as a wrong password
        return False

    def check() -> bool:
        try:
            return _hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(check)


async def verify_nothing(password: str) -> None:
    """The work of :func:`verify_password` when there is no account to check against (a hash of
    a random password made with the same parameters), so a refusal takes as long whether or not
    the account exists."""
    global _dummy_hash
    if _dummy_hash is None:
        _dummy_hash = await asyncio.to_thread(_hasher.hash, secrets.token_urlsafe(16))
    await verify_password(_dummy_hash, password)
