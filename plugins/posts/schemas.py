"""Request bodies of rest.md §7 with the reference's messages (including its quirks: a too-long
``postId`` is refused with the content-length text)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictStr

from core.errors import ApiError
from core.validation import Body, Rules

MAX_CHOICES = 6
MAX_CHOICE_LENGTH = 56


class CreatePostBody(Body):
    content: Annotated[StrictStr | None, Rules(type="Content must be a string!")] = None
    postId: Annotated[
        StrictStr | None,
        Rules(type="postId must be a string!", length="Content length must be between 1 and 500 characters."),
        Field(min_length=1, max_length=500),
    ] = None
    nerimityCdnFileId: Annotated[
        StrictStr | None,
        Rules(
            type="nerimityCdnFileId id must be a string!",
            length="nerimityCdnFileId length must be between 1 and 255 characters.",
        ),
        Field(min_length=1, max_length=255),
    ] = None


class EditPostBody(Body):
    content: Annotated[StrictStr, Rules(required="Content must be a string!", type="Content must be a string!")]


def poll_choices(raw: Any) -> list[str]:
    """``poll.choices``: at most 6 strings of at most 56 characters; trimmed, empty ones dropped."""
    if raw is None:
        return []
    choices = raw.get("choices") if isinstance(raw, dict) else raw
    if choices is None:
        return []
    if not isinstance(choices, list) or len(choices) > MAX_CHOICES:
        raise ApiError(400, "Poll must be an array with minimum 6 choices", "poll.choices")
    for index, choice in enumerate(choices):
        if not isinstance(choice, str):
            raise ApiError(400, "Poll choices must be an array of strings", f"poll.choices[{index}]")
        if len(choice) > MAX_CHOICE_LENGTH:
            raise ApiError(400, "Poll choices length must be between 1 and 50 characters", f"poll.choices[{index}]")
    return [c.strip() for c in choices if c.strip()]
