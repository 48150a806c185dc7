"""Request bodies of rest.md §3 with the reference's messages."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field, StrictBool, StrictStr, field_validator

from core.validation import Body, Rules

BUTTON_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def _check_buttons(buttons: list[dict] | None) -> list[dict] | None:
    if buttons is None:
        return None
    ids = set()
    for button in buttons:
        if not isinstance(button, dict) or not isinstance(button.get("id"), str) or not BUTTON_ID.match(button["id"]):
            raise ValueError("Invalid button id.")
        if not isinstance(button.get("label"), str) or not 1 <= len(button["label"]) <= 64:
            raise ValueError("Invalid button label.")
        if "alert" in button and not isinstance(button["alert"], bool):
            raise ValueError("Invalid button alert.")
        if button["id"] in ids:
            raise ValueError("Button IDs must be unique")
        ids.add(button["id"])
    return [{"id": b["id"], "label": b["label"], "alert": b.get("alert")} for b in buttons]


Content = Annotated[
    StrictStr | None,
    Rules(type="Content must be a string!", length="Content length must be between 1 and 2000 characters."),
    Field(min_length=1, max_length=2000),
]
HtmlEmbed = Annotated[
    StrictStr | None,
    Rules(type="htmlEmbed must be a string.", length="htmlEmbed length must be between 1 and 5000 characters."),
    Field(min_length=1, max_length=5000),
]


class SendMessageBody(Body):
    content: Content = None
    socketId: Annotated[
        StrictStr | None, Rules(type="socketId must be a string."), Field(min_length=1, max_length=255)
    ] = None
    replyToMessageIds: Annotated[
        list[StrictStr] | None,
        Rules(
            type="replyToMessageIds must be an array of strings!",
            length="replyToMessageIds length must be less than or equal to 5 strings.",
        ),
        Field(max_length=5),
    ] = None
    mentionReplies: Annotated[StrictBool | None, Rules(type="mentionReplies must be a boolean.")] = None
    silent: Annotated[StrictBool | None, Rules(type="silent must be a boolean.")] = None
    htmlEmbed: HtmlEmbed = None
    nerimityCdnFileId: Annotated[
        StrictStr | None, Rules(type="nerimityCdnFileId must be a string."), Field(min_length=1, max_length=255)
    ] = None
    buttons: Annotated[
        list | None, Rules(type="buttons must be an array.", length="buttons must be 8 or fewer."), Field(max_length=8)
    ] = None

    _buttons = field_validator("buttons")(classmethod(lambda cls, v: _check_buttons(v)))


class EditMessageBody(Body):
    content: Content = None
    htmlEmbed: HtmlEmbed = None
    buttons: Annotated[list | None, Rules(type="buttons must be an array.")] = None

    _buttons = field_validator("buttons")(classmethod(lambda cls, v: _check_buttons(v)))


class ReactionBody(Body):
    name: Annotated[
        StrictStr | None, Rules(type="Invalid name.", length="Invalid name."), Field(min_length=1, max_length=20)
    ] = None
    emojiId: Annotated[
        StrictStr | None, Rules(type="Invalid emojiId.", length="Invalid emojiId."), Field(min_length=1, max_length=20)
    ] = None
    gif: Annotated[StrictBool | None, Rules(type="Invalid gif.")] = None
    webp: Annotated[StrictBool | None, Rules(type="Invalid webp.")] = None


class NoticeBody(Body):
    """A channel or DM notice (rest.md §1.13, §4.3): trimmed, 4–300 characters."""

    content: Annotated[StrictStr, Rules(required="Content must be a string.", type="Content must be a string.")]

    @field_validator("content")
    @classmethod
    def _length(cls, value: str) -> str:
        value = value.strip()
        if not 4 <= len(value) <= 300:
            raise ValueError("Content must be between 4 and 300 characters long.")
        return value
