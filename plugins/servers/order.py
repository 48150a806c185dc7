"""A user's server list: order and folders (rest.md §4.2)."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.db import transaction
from core.errors import bad_request
from core.identity.models import User
from core.ids import new_id
from plugins.accounts.service import random_hex_color
from plugins.servers.models import Member, ServerOrder


async def _state(user: User) -> tuple[ServerOrder, list[str]]:
    order, _ = await ServerOrder.get_or_create(user_id=user.id)
    joined = [str(s) for s in await Member.filter(user_id=user.id).values_list("server_id", flat=True)]
    return order, joined


async def set_order(user: User, ids: list[str]) -> None:
    order, joined = await _state(user)
    folder_ids = [f["id"] for f in order.folders]
    if len(set(ids)) != len(ids):
        raise bad_request("Duplicate server ids.")
    if len(ids) != len(set(joined)) + len(folder_ids):
        raise bad_request("Server order length does not match.")
    if set(ids) != set(joined) | set(folder_ids):
        raise bad_request("Invalid server ids.")
    async with transaction():
        order.ordered_ids = ids
        await order.save(update_fields=["ordered_ids"])
        await hearth().gateway.emit("server:order_updated", {"serverIds": ids}, to=str(user.id))


async def create_folder(user: User, server_ids: list[str]) -> dict[str, Any]:
    order, joined = await _state(user)
    if not server_ids or any(s not in joined for s in server_ids):
        raise bad_request("Invalid server ids.")
    folder = {
        "id": str(new_id()),
        "name": "Folder",
        "color": random_hex_color(),
        "serverIds": list(dict.fromkeys(server_ids)),
    }
    ordered = [i for i in order.ordered_ids if i not in folder["serverIds"]]
    first = order.ordered_ids.index(server_ids[0]) if server_ids[0] in order.ordered_ids else len(ordered)
    position = len([i for i in order.ordered_ids[:first] if i not in folder["serverIds"]])
    ordered.insert(position, folder["id"])
    folders = [{**f, "serverIds": [s for s in f["serverIds"] if s not in folder["serverIds"]]} for f in order.folders]
    async with transaction():
        order.ordered_ids, order.folders = ordered, [*folders, folder]
        await order.save(update_fields=["ordered_ids", "folders"])
        gateway = hearth().gateway
        await gateway.emit("server:order_updated", {"serverIds": ordered}, to=str(user.id))
        await gateway.emit("server:folder_created", {"folder": folder}, to=str(user.id))
    return folder


async def update_folder(user: User, folder_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    order, joined = await _state(user)
    folder = next((f for f in order.folders if f["id"] == folder_id), None)
    if folder is None:
        raise bad_request("Invalid folder id.")
    folder = dict(folder)
    if changes.get("serverIds") is not None:
        if any(s not in joined for s in changes["serverIds"]):
            raise bad_request("Invalid server ids.")
        folder["serverIds"] = list(dict.fromkeys(changes["serverIds"]))
    for key in ("name", "color"):
        if changes.get(key) is not None:
            folder[key] = changes[key]
    async with transaction():
        if not folder["serverIds"]:
            order.folders = [f for f in order.folders if f["id"] != folder_id]
            order.ordered_ids = [i for i in order.ordered_ids if i != folder_id]
        else:
            order.folders = [folder if f["id"] == folder_id else f for f in order.folders]
        await order.save(update_fields=["ordered_ids", "folders"])
        await hearth().gateway.emit("server:folder_updated", {"folder": folder}, to=str(user.id))
    return folder
