"""Request bodies of rest.md §4.10 and §17.1 with the reference's messages."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictStr, field_validator

from core.validation import Body, Rules


def _falsy_to_none(value: Any) -> Any:
    # express-validator's optional({checkFalsy: true}): "" counts as absent.
    return None if value == "" else value


def _symbols(value: str | None, field: str) -> str | None:
    if value is None:
        return None
    if "@" in value:
        raise ValueError(f"{field} cannot contain the @ symbol")
    if ":" in value:
        raise ValueError(f"{field} cannot contain the : symbol")
    if not 3 <= len(value) <= 35:
        raise ValueError(f"{field} must be between 3 and 35 characters long.")
    return value


class WebhookUpdateBody(Body):
    name: Annotated[StrictStr | None, Rules(type="Invalid name.")] = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        return _symbols(value, "Name")


class WebhookExecuteBody(Body):
    content: Annotated[
        StrictStr | None,
        Rules(type="Content must be a string!", length="Content length must be between 1 and 2000 characters."),
        Field(max_length=2000),
    ] = None
    avatarUrl: Annotated[
        StrictStr | None,
        Rules(type="Avatar URL must be a string!", length="Avatar URL length must be between 1 and 255 characters."),
        Field(max_length=255),
    ] = None
    username: Annotated[StrictStr | None, Rules(type="Invalid username.")] = None

    _falsy = field_validator("content", "avatarUrl", "username", mode="before")(
        classmethod(lambda cls, v: _falsy_to_none(v))
    )

    @field_validator("username")
    @classmethod
    def _username(cls, value: str | None) -> str | None:
        return _symbols(value, "Username")
