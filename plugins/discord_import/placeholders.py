"""Placeholder authors for other importers (plugins/server_transfer declares this plugin in its
``requires``): a user with no account, so nobody can sign in as them, standing for someone of an
imported history in one server, listed and claimable through a link as the Discord import's
authors are (claims.py). ``key`` names the person in the source (``hearth:<id>``, for example)."""

from __future__ import annotations

from tortoise.exceptions import IntegrityError

from core.db import transaction
from core.identity.models import User
from plugins.accounts.service import random_tag
from plugins.discord_import.models import AUTHOR, ImportedThing


async def placeholder(server_id: int, key: str, name: str, avatar: str | None) -> int:
    """The placeholder user for ``key`` in the server, made on first use."""
    earlier = await ImportedThing.filter(server_id=server_id, kind=AUTHOR, discord_id=key).first()
    if earlier is not None:
        return earlier.local_id
    for _ in range(5):
        try:
            async with transaction():
                user = await User.create(username=name, tag=random_tag(), avatar=avatar)
                await ImportedThing.create(
                    job_id=None, server_id=server_id, kind=AUTHOR, discord_id=key, local_id=user.id
                )
            return user.id
        except IntegrityError:
            continue  # the name and tag were taken: another tag
    raise RuntimeError("no free tag for an imported author")
