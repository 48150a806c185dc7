"""Request bodies of /api/group-dms, with messages in the reference's style."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictStr

from core.validation import Body, Rules


def _user_ids(least: int) -> Rules:
    return Rules(
        required="userIds is required.",
        type="userIds must be an array of strings.",
        length=f"userIds must name between {least} and 9 users.",
    )


class CreateGroupBody(Body):
    # 2–9 others: a group of two is a DM, and ten is the most a group holds.
    userIds: Annotated[list[StrictStr], _user_ids(2), Field(min_length=2, max_length=9)]
    name: Annotated[
        StrictStr | None,
        Rules(type="name must be a string.", length="name must be between 1 and 100 characters."),
        Field(default=None, max_length=100),
    ] = None


class AddMembersBody(Body):
    userIds: Annotated[list[StrictStr], _user_ids(1), Field(min_length=1, max_length=9)]


class UpdateGroupBody(Body):
    name: Annotated[
        StrictStr | None,
        Rules(type="name must be a string.", length="name must be between 1 and 100 characters."),
        Field(default=None, max_length=100),
    ] = None
    iconId: Annotated[StrictStr | None, Rules(type="iconId must be a string.")] = None
    removeIcon: Annotated[bool | None, Rules(type="removeIcon must be a boolean.")] = None
