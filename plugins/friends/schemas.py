"""Request bodies with the wire reference's validation texts (rest.md §2.1)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictStr, field_validator

from core.validation import Body, Rules


def _present(message: str):
    # express-validator's `.not().isEmpty()` runs first: null and "" say "... is required."
    def check(cls: Any, value: Any) -> Any:
        if value is None or value == "":
            raise ValueError(message)
        return value

    return classmethod(check)


class AddFriendBody(Body):
    username: Annotated[
        StrictStr,
        Rules(
            required="Username is required.",
            type="Username must be a string.",
            length="Username must be between 3 and 320 characters long.",
        ),
        Field(min_length=3, max_length=320),
    ]
    tag: Annotated[
        StrictStr,
        Rules(required="tag is required.", type="tag must be a string.", length="tag must be 4 characters long."),
        Field(min_length=4, max_length=4),
    ]

    _username_present = field_validator("username", mode="before")(_present("Username is required."))
    _tag_present = field_validator("tag", mode="before")(_present("tag is required."))
