"""The rules of clans (rest.md §4.12, §1.19 ``clanServerId``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.cdn.service import verify_file
from core.context import hearth
from core.db import transaction
from core.errors import bad_request
from core.identity.models import User
from core.ids import parse_id
from core.prepared import fetch_rows
from plugins.clans.models import ServerClan, WornClan
from plugins.servers.models import Member, Server
from plugins.servers.permissions import MemberContext


def clan_wire(clan: ServerClan) -> dict[str, Any]:
    return {"tag": clan.tag, "icon": clan.icon, "serverId": str(clan.server_id)}


async def _owned_server(ctx: MemberContext) -> Server:
    server = await Server.get_or_none(id=ctx.server.id)
    if server is None:
        raise bad_request("Server not found")
    if server.created_by_id != ctx.user.id:
        raise bad_request("You are not the server owner")
    return server


async def _icon_path(ctx: MemberContext, icon: str, current: ServerClan | None) -> str:
    """``icon`` is a file uploaded through the CDN protocol as a server picture (``avatars`` in
    the server's group, docs/uploads.md), or the clan's current icon path to keep it."""
    if current is not None and icon == current.icon:
        return icon
    record = await verify_file(ctx.user.id, icon, "avatars", group_id=str(ctx.server.id), image_only=True)
    return record.path


async def set_clan(ctx: MemberContext, tag: str, icon: str) -> dict[str, Any]:
    server = await _owned_server(ctx)
    if not server.verified:
        raise bad_request("Server is not verified")
    current = await ServerClan.get_or_none(server_id=server.id)
    path = await _icon_path(ctx, icon, current)
    async with transaction():
        if current is None:
            current = await ServerClan.create(server_id=server.id, tag=tag, icon=path)
        else:
            current.tag, current.icon = tag, path
            await current.save(update_fields=["tag", "icon"])
        clan = clan_wire(current)
        await hearth().gateway.emit(
            "server:clan_updated", {"clan": clan, "serverId": str(server.id)}, to=str(server.id)
        )
    return {"icon": clan["icon"], "tag": clan["tag"], "serverId": clan["serverId"]}


async def delete_clan(ctx: MemberContext) -> None:
    server = await _owned_server(ctx)
    async with transaction():
        if not await ServerClan.filter(server_id=server.id).delete():
            raise bad_request("Clan not found")
        await WornClan.filter(server_id=server.id).delete()  # members' profile clans go with it
        await hearth().gateway.emit(
            "server:clan_updated", {"clan": None, "serverId": str(server.id)}, to=str(server.id)
        )


async def server_clans(server_ids: list[int]) -> dict[int, dict[str, Any]]:
    """``{server_id: {tag, icon}}``, the Server row's ``clan`` (realtime.md: no serverId there)."""
    if not server_ids:
        return {}
    return {
        c.server_id: {"tag": c.tag, "icon": c.icon} for c in await ServerClan.filter(server_id__in=list(server_ids))
    }


async def worn_clans(user_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """``{user_id: {tag, icon, serverId}}`` of those users wearing a clan, in one statement
    whatever their number (asked for every page of messages, posts and members). A hand-written
    join (``fetch_rows``): the models name no relation between a worn clan and its server's clan.
    Only integers reach the id list, ``int()`` of ids this server loaded."""
    ids = ",".join(str(int(i)) for i in user_ids)
    if not ids:
        return {}
    rows = await fetch_rows(
        f"SELECT w.user_id, c.server_id, c.tag, c.icon FROM {WornClan._meta.db_table} w "
        f"JOIN {ServerClan._meta.db_table} c ON c.server_id = w.server_id WHERE w.user_id IN ({ids})"
    )
    return {user_id: {"tag": tag, "icon": icon, "serverId": str(server_id)} for user_id, server_id, tag, icon in rows}


async def wear(user: User, server_id: str | None) -> None:
    """rest.md §1.19: ``clanServerId`` must be a server you are in that has a clan; null: none."""
    if server_id is None:
        await WornClan.filter(user_id=user.id).delete()
        return
    parsed = parse_id(server_id)
    if parsed is None or not await Member.exists(server_id=parsed, user_id=user.id):
        raise bad_request("Member is not in this server.")
    if not await ServerClan.exists(server_id=parsed):
        raise bad_request("Server does not have a clan.")
    worn = await WornClan.get_or_none(user_id=user.id)
    if worn is None:
        await WornClan.create(user_id=user.id, server_id=parsed)
    elif worn.server_id != parsed:
        worn.server_id = parsed
        await worn.save(update_fields=["server_id"])
