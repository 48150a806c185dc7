"""Message buttons: who may click (rest.md §3.14) and the author's answer to a click (§3.15)."""

from __future__ import annotations

from typing import Any

from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import parse_id
from plugins.messages.kinds import Access, kind_for, to_user
from plugins.messages.models import DM_TEXT, Message

COMPONENT_TYPES = ("text", "dropdown", "input")


async def _can_view(user: User | None, access: Access) -> bool:
    if user is None:
        return False
    try:
        await kind_for(access.channel).access(user, access.channel)
    except ApiError:
        return False
    return True


async def check_click(access: Access, message: Message, clicker: User) -> None:
    """Besides the button existing: its author must still see the channel (upstream: still a
    member of the server), and in a DM the clicker must be allowed to message the author (a click
    carries data to them, so a block or DM privacy stops it like a message)."""
    author = await User.get_or_none(id=message.created_by_id) if message.created_by_id else None
    if author is None or not await _can_view(author, access):
        raise bad_request("Button not found")
    if access.channel.type == DM_TEXT and author.id != clicker.id:
        await access.kind.check_send(clicker, access)


# --- callback body ----------------------------------------------------------------------------


def _text(
    data: dict[str, Any], key: str, limit: int, path: str, required: bool = False, strict_below: bool = False
) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            raise bad_request(f"{path} must be a string.", path)
        return None
    if not isinstance(value, str):
        raise bad_request(f"{path} must be a string.", path)
    if len(value) > limit or (strict_below and len(value) >= limit):
        bound = f"less than {limit}" if strict_below else f"at most {limit}"
        raise bad_request(f"{path} must be {bound} characters long.", path)
    return value


def _component(raw: Any, path: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise bad_request(f"{path} must be an object.", path)
    kind = raw.get("type")
    if kind not in COMPONENT_TYPES:
        raise bad_request(f'{path}.type must be "text", "dropdown" or "input".', f"{path}.type")
    component: dict[str, Any] = {"type": kind, "id": _text(raw, "id", 50, f"{path}.id", required=True)}
    if kind == "text":
        component["content"] = _text(raw, "content", 500, f"{path}.content", required=True)
    elif kind == "input":
        for key in ("label", "placeholder"):
            value = _text(raw, key, 100, f"{path}.{key}")
            if value is not None:
                component[key] = value
    else:
        label = _text(raw, "label", 100, f"{path}.label")
        if label is not None:
            component["label"] = label
        items = raw.get("items")
        if not isinstance(items, list) or len(items) >= 20:
            raise bad_request(f"{path}.items must be an array of fewer than 20 items.", f"{path}.items")
        component["items"] = []
        for index, item in enumerate(items):
            item_path = f"{path}.items[{index}]"
            if not isinstance(item, dict):
                raise bad_request(f"{item_path} must be an object.", item_path)
            component["items"].append(
                {
                    "id": _text(item, "id", 50, f"{item_path}.id", required=True, strict_below=True),
                    "label": _text(item, "label", 100, f"{item_path}.label", required=True, strict_below=True),
                }
            )
    return component


def parse_callback(data: Any) -> dict[str, Any]:
    """The callback popup (rest.md §3.15), validated; unknown keys are dropped."""
    if not isinstance(data, dict):
        raise bad_request("The request body must be a JSON object.")
    body: dict[str, Any] = {"userId": _text(data, "userId", 255, "userId", required=True)}
    for key in ("title", "buttonLabel"):
        value = _text(data, key, 100, key)
        if value is not None:
            body[key] = value
    content = _text(data, "content", 500, "content")
    components = data.get("components")
    if components is not None:
        if not isinstance(components, list) or len(components) >= 4:
            raise bad_request("components must be an array of fewer than 4 items.", "components")
        body["components"] = [_component(c, f"components[{i}]") for i, c in enumerate(components)]
    elif content is None:
        raise bad_request("content must be a string.", "content")
    if content is not None:
        body["content"] = content
    return body


async def answer_click(access: Access, caller: User, message_id: str, button_id: str, body: dict[str, Any]) -> None:
    target = await User.get_or_none(id=parse_id(body["userId"])) if parse_id(body["userId"]) is not None else None
    if target is None:
        raise bad_request("User not found")
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed, channel_id=access.channel.id) if parsed is not None else None
    if message is None or not any(b.get("id") == button_id for b in message.buttons):
        raise bad_request("Button not found")
    if message.created_by_id is None:
        raise bad_request("Invalid message")
    # Upstream lets anyone who sees the channel answer for the author; only the author may here,
    # or any member could pop up windows on other people's screens in a bot's name.
    if message.created_by_id != caller.id:
        raise bad_request("Button not found")
    if not await _can_view(target, access):
        raise bad_request("Button not found")
    payload = {key: body[key] for key in ("content", "title", "buttonLabel", "components") if key in body}
    payload.update(
        messageId=str(message.id),
        channelId=str(access.channel.id),
        buttonId=button_id,
        userId=str(message.created_by_id),
    )
    await to_user(access.kind, target.id, "message:button_clicked_callback", payload)
