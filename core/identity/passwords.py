"""argon2id password hashing, run in a worker thread so the event loop keeps serving."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from core.settings import Settings

_hasher = PasswordHasher()


def configure(settings: Settings) -> None:
    global _hasher
    _hasher = PasswordHasher(
        time_cost=int(settings.auth.argon2_time_cost),
        memory_cost=int(settings.auth.argon2_memory_kib),
        parallelism=int(settings.auth.argon2_parallelism),
    )


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(password_hash: str, password: str) -> bool:
    def check() -> bool:
        try:
            return _hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(check)
