"""Request bodies of the forum routes (docs/protocol-extensions.md), in the reference's style."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictBool, StrictStr, field_validator

from core.validation import Body, Rules
from plugins.servers.schemas import _channel_name

MAX_TAGS_ON_POST = 5

_TAG_NAME = Rules(
    required="name is required.",
    type="name must be a string.",
    length="name length must be between 1 and 20 characters.",
)
_TAG_IDS = Rules(
    type="tagIds must be an array of strings.",
    length=f"A post can have at most {MAX_TAGS_ON_POST} tags.",
)


class CreateForumBody(Body):
    serverId: Annotated[StrictStr, Rules(required="serverId is required.", type="serverId must be a string.")]
    # a channel's name, as the servers plugin checks it (2-100 characters, trimmed, no "#")
    name: Annotated[StrictStr, Rules(required="Name is required.", type="Name must be a string.")]
    _name = field_validator("name")(classmethod(lambda cls, v: _channel_name(v)))


class UpdateForumBody(Body):
    guidelines: Annotated[
        StrictStr | None,
        Rules(type="guidelines must be a string.", length="guidelines must be at most 1000 characters."),
        Field(max_length=1000),
    ] = None
    defaultSort: Annotated[StrictStr | None, Rules(type="defaultSort must be a string.")] = None


class CreateForumTagBody(Body):
    name: Annotated[StrictStr, _TAG_NAME, Field(min_length=1, max_length=20)]
    moderated: Annotated[StrictBool | None, Rules(type="moderated must be a boolean.")] = None


class UpdateForumTagBody(Body):
    name: Annotated[StrictStr | None, _TAG_NAME, Field(min_length=1, max_length=20)] = None
    moderated: Annotated[StrictBool | None, Rules(type="moderated must be a boolean.")] = None


class CreateForumPostBody(Body):
    title: Annotated[
        StrictStr,
        Rules(
            required="title is required.",
            type="title must be a string.",
            length="title length must be between 1 and 100 characters.",
        ),
        Field(min_length=1, max_length=100),
    ]
    content: Annotated[
        StrictStr,
        Rules(
            required="content is required.",
            type="content must be a string.",
            length="content length must be between 1 and 2000 characters.",
        ),
        Field(min_length=1, max_length=2000),
    ]
    tagIds: Annotated[list[StrictStr] | None, _TAG_IDS, Field(max_length=MAX_TAGS_ON_POST)] = None


class UpdateForumPostBody(Body):
    # the title is the post's thread's name (the threads plugin's rules and texts)
    title: Annotated[
        StrictStr | None,
        Rules(type="title must be a string.", length="title length must be between 1 and 100 characters."),
        Field(min_length=1, max_length=100),
    ] = None
    tagIds: Annotated[
        list[StrictStr] | None,
        Rules(type=_TAG_IDS.type, length=_TAG_IDS.length),
        Field(max_length=MAX_TAGS_ON_POST),
    ] = None
