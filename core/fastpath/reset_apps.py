"""Models that forget their connection when the database closes, so the next app of the process
(tests build many) binds them afresh. Tortoise does this only through its private
``Tortoise._reset_apps``; without it (fast paths off) the next ``Tortoise.init`` rebinds them."""

from __future__ import annotations

from tortoise import Tortoise


async def reset_apps() -> None:
    await Tortoise._reset_apps()
