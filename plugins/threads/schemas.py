"""Request bodies of the thread routes (docs/protocol-extensions.md), in the reference's style."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictBool, StrictInt, StrictStr

from core.validation import Body, Rules

_NAME = Rules(
    required="name is required.",
    type="name must be a string.",
    length="name length must be between 1 and 100 characters.",
)
_MINUTES = Rules(type="autoArchiveMinutes must be a number.")


class CreateThreadBody(Body):
    channelId: Annotated[StrictStr, Rules(required="channelId is required.", type="channelId must be a string.")]
    messageId: Annotated[StrictStr | None, Rules(type="messageId must be a string.")] = None
    name: Annotated[StrictStr, _NAME, Field(min_length=1, max_length=100)]
    autoArchiveMinutes: Annotated[StrictInt | None, _MINUTES] = None


class UpdateThreadBody(Body):
    name: Annotated[StrictStr | None, _NAME, Field(min_length=1, max_length=100)] = None
    archived: Annotated[StrictBool | None, Rules(type="archived must be a boolean.")] = None
    locked: Annotated[StrictBool | None, Rules(type="locked must be a boolean.")] = None
    autoArchiveMinutes: Annotated[StrictInt | None, _MINUTES] = None
