"""Request bodies of rest.md §8 with the reference's messages ("pw" bodies carry the
moderator's own password, as the servers plugin's scheduled deletion does)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictBool, StrictFloat, StrictInt, StrictStr, field_validator

from core.auth import ModeratorPassword
from core.validation import Body, Rules
from plugins.accounts.registration import MODES

UserIds = Annotated[
    list[StrictStr], Rules(required="userIds is required.", type="userIds must be an array of strings.")
]
Reason = Annotated[
    StrictStr,
    Rules(
        required="Reason is required.",
        type="Reason must be a string.",
        length="Reason must be between 1 and 500 characters long.",
    ),
    Field(min_length=1, max_length=500),
]
Days = Annotated[
    StrictFloat,
    Rules(required="Days is required.", type="Days must be a number.", length="Days must be a positive number."),
]


class PasswordOnlyBody(Body):
    password: ModeratorPassword


class ModServerUpdateBody(Body):
    password: ModeratorPassword
    name: Annotated[
        StrictStr | None,
        Rules(type="Name must be a string.", length="Name must be between 2 and 35 characters long."),
        Field(min_length=2, max_length=35),
    ] = None
    verified: Annotated[StrictBool | None, Rules(type="Verified must be a boolean.")] = None


class SuspendBody(Body):
    password: ModeratorPassword
    userIds: UserIds
    days: Annotated[Days, Field(ge=0)]
    reason: Reason
    ipBan: Annotated[StrictBool | None, Rules(type="ipBan must be a boolean.")] = None
    deleteRecentMessages: Annotated[StrictBool | None, Rules(type="deleteRecentMessages must be a boolean.")] = None


class EditSuspensionBody(Body):
    password: ModeratorPassword
    userIds: UserIds
    days: Annotated[Days | None, Field(ge=0)] = None
    reason: Annotated[
        StrictStr | None,
        Rules(type="Reason must be a string.", length="Reason must be between 1 and 500 characters long."),
        Field(min_length=1, max_length=500),
    ] = None


class UserIdsBody(Body):
    password: ModeratorPassword
    userIds: UserIds


class WarnBody(Body):
    password: ModeratorPassword
    userIds: UserIds
    reason: Reason


MAX_INVENTORY_CHANGES = 64  # the catalogue has 24 badges


class InventoryItemBody(Body):
    itemType: StrictStr
    # A badge's bit, as upstream's parseInt reads it: a string ("8") or a number (8); compared as a
    # number (users.py), so "01" and 1.0 are FOUNDER too.
    itemId: object

    @field_validator("itemId")
    @classmethod
    def _item_id(cls, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise ValueError("itemId must be a string.")
        return value


class ModUserUpdateBody(Body):
    # rest.md §8.2: "no format validation" of these fields, only their types.
    password: ModeratorPassword
    email: Annotated[StrictStr | None, Rules(type="Email must be a string.")] = None
    username: Annotated[StrictStr | None, Rules(type="Username must be a string.")] = None
    tag: Annotated[StrictStr | None, Rules(type="Tag must be a string.")] = None
    newPassword: Annotated[StrictStr | None, Rules(type="New password must be a string.")] = None
    emailConfirmed: object | None = None
    addedInventoryItems: Annotated[
        list[InventoryItemBody] | None,
        Rules(
            type="addedInventoryItems must be an array.",
            length=f"addedInventoryItems must contain at most {MAX_INVENTORY_CHANGES} items.",
        ),
        Field(max_length=MAX_INVENTORY_CHANGES),
    ] = None
    removedInventoryIds: Annotated[
        list[StrictStr] | None,
        Rules(
            type="removedInventoryIds must be an array of strings.",
            length=f"removedInventoryIds must contain at most {MAX_INVENTORY_CHANGES} ids.",
        ),
        Field(max_length=MAX_INVENTORY_CHANGES),
    ] = None


class PostIdsBody(Body):
    password: ModeratorPassword
    postIds: Annotated[
        list[StrictStr], Rules(required="postIds is required.", type="postIds must be an array of strings.")
    ]


class SuggestActionBody(Body):
    reason: Annotated[
        StrictStr,
        Rules(required="Reason is required.", type="Reason is required.", length="Reason must be 1-500 chars."),
        Field(min_length=1, max_length=500),
    ]
    actionType: Annotated[StrictInt, Rules(required="actionType is required.", type="actionType must be a number.")]
    serverId: Annotated[StrictStr | None, Rules(type="serverId must be a string.")] = None
    postId: Annotated[StrictStr | None, Rules(type="postId must be a string.")] = None
    userId: Annotated[StrictStr | None, Rules(type="userId must be a string.")] = None


class InstanceInviteBody(Body):
    # Hearth's own (instance invites for invite-only registration).
    maxUses: Annotated[
        StrictInt,
        Rules(type="maxUses must be a whole number.", length="maxUses must be between 1 and 1000."),
        Field(ge=1, le=1000),
    ] = 1
    expiresInHours: Annotated[
        StrictInt | None,
        Rules(type="expiresInHours must be a whole number.", length="expiresInHours must be between 1 and 8760."),
        Field(ge=1, le=8760),
    ] = None


def _instance_text(name: str, maximum: int) -> Any:
    return Annotated[
        StrictStr | None,
        Rules(type=f"{name} must be a string.", length=f"{name} must be at most {maximum} characters long."),
        Field(max_length=maximum),
    ]


InstanceName = _instance_text("Name", 60)
InstanceDescription = _instance_text("Description", 300)
InstanceRules = _instance_text("Rules", 4000)
InstanceContact = _instance_text("Contact", 200)
InstanceMotd = _instance_text("Message of the day", 500)


class InstanceSettingsBody(Body):
    """Each key present is saved; null puts the config file's value back. ``iconId``: an image
    uploaded as an avatar (``/cdn/avatars/<your id>``), or null to remove the icon."""

    name: InstanceName = None
    description: InstanceDescription = None
    rules: InstanceRules = None
    contact: InstanceContact = None
    motd: InstanceMotd = None
    iconId: Annotated[StrictStr | None, Rules(type="iconId must be a string.")] = None
    registration: Annotated[StrictStr | None, Rules(type="registration must be a string.")] = None

    @field_validator("registration")
    @classmethod
    def _registration(cls, value: str | None) -> str | None:
        if value is not None and value not in MODES:
            raise ValueError("registration must be one of open, invite, sso or closed.")
        return value
