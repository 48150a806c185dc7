"""Request bodies of rest.md §4 with the reference's messages."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field, StrictBool, StrictInt, StrictStr, field_validator

from core.auth import ModeratorPassword
from core.validation import Body, Rules, epoch_ms
from plugins.accounts.schemas import is_hex_color

URL = re.compile(r"https?://|www\.", re.IGNORECASE)


def _hex_colour(message: str) -> classmethod:
    """A field validator: a hex colour or None (rest.md §4.4), else ``message``."""

    def check(cls: type, value: str | None) -> str | None:
        if value is not None and not is_hex_color(value):
            raise ValueError(message)
        return value

    return classmethod(check)


def _server_name(value: str) -> str:
    value = value.strip()
    if not 2 <= len(value) <= 35:
        raise ValueError("Name must be between 2 and 35 characters long.")
    if URL.search(value):
        raise ValueError("Name cannot be a URL.")
    return value


def _channel_name(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if "#" in value:
        raise ValueError("Channel cannot contain the # symbol")
    if not 2 <= len(value) <= 100:
        raise ValueError("Name must be between 2 and 100 characters long.")
    return value


ServerName = Annotated[StrictStr, Rules(required="Name is required.", type="Name must be a string.")]


class CreateServerBody(Body):
    name: ServerName
    _name = field_validator("name")(classmethod(lambda cls, v: _server_name(v)))


class UpdateServerBody(Body):
    name: Annotated[StrictStr | None, Rules(type="Name must be a string.")] = None
    defaultChannelId: Annotated[
        StrictStr | None, Rules(type="Invalid defaultChannelId"), Field(min_length=4, max_length=100)
    ] = None
    systemChannelId: Annotated[
        StrictStr | None, Rules(type="Invalid systemChannelId"), Field(min_length=4, max_length=100)
    ] = None
    avatarId: Annotated[StrictStr | None, Field(min_length=4, max_length=100)] = None
    bannerId: Annotated[StrictStr | None, Field(min_length=4, max_length=100)] = None
    _name = field_validator("name")(classmethod(lambda cls, v: None if v is None else _server_name(v)))


class CreateChannelBody(Body):
    name: Annotated[StrictStr | None, Rules(type="Name must be a string.")] = None
    type: Annotated[
        StrictInt | None,
        Rules(
            type="type must be less than 3 and greater than 0.", length="type must be less than 3 and greater than 0."
        ),
        Field(ge=1, le=2),
    ] = None
    _name = field_validator("name")(classmethod(lambda cls, v: _channel_name(v)))


class UpdateChannelBody(Body):
    name: Annotated[StrictStr | None, Rules(type="Name must be a string.")] = None
    slowModeSeconds: Annotated[
        StrictInt | None,
        Rules(type="slowModeSeconds must be a number.", length="slowModeSeconds must be between 0 and 21600."),
        Field(ge=0, le=21600),
    ] = None
    icon: Annotated[StrictStr | None, Field(max_length=100)] = None
    _name = field_validator("name")(classmethod(lambda cls, v: _channel_name(v)))

    @field_validator("slowModeSeconds")
    @classmethod
    def _slow_mode(cls, value: int | None) -> int | None:
        if value is not None and 0 < value < 3:
            raise ValueError("slowModeSeconds must be at least 3 seconds or 0.")
        return value


class ChannelOrderBody(Body):
    channelIds: Annotated[
        list[StrictStr], Rules(required="channelIds is required.", type="channelIds must be an array.")
    ]
    categoryId: Annotated[StrictStr | None, Rules(type="Invalid categoryId.")] = None


class PermissionsBody(Body):
    permissions: Annotated[
        StrictInt,
        Rules(
            required="Permissions are required.",
            type="Permissions must be a number.",
            length="Permissions must be between 0 and 900.",
        ),
        Field(ge=0, le=900),
    ]


class UpdateRoleBody(Body):
    name: Annotated[
        StrictStr | None,
        Rules(type="Invalid name.", length="Name must be between 1 and 100 characters long."),
        Field(min_length=1, max_length=100),
    ] = None
    hexColor: Annotated[
        StrictStr | None,
        Rules(type="Invalid hex color.", length="Invalid hex color."),
        Field(min_length=4, max_length=100),
    ] = None
    hideRole: Annotated[StrictBool | None, Rules(type="hideRole must be a boolean.")] = None
    applyOnJoin: Annotated[StrictBool | None, Rules(type="applyOnJoin must be a boolean.")] = None
    permissions: Annotated[
        StrictInt | None,
        Rules(type="Permissions must be a number.", length="Permissions must be between 0 and 900."),
        Field(ge=0, le=900),
    ] = None
    icon: Annotated[StrictStr | None, Field(max_length=100)] = None

    _hex = field_validator("hexColor")(_hex_colour("Invalid hex color."))


class RoleOrderBody(Body):
    roleIds: Annotated[list[StrictStr], Rules(required="roleIds is required.", type="roleIds must be an array.")]


class MemberRolesBody(Body):
    roleIds: Annotated[list[StrictStr] | None, Rules(type="roleIds must be an array.")] = None


class NicknameBody(Body):
    nickname: Annotated[StrictStr | None, Rules(type="Invalid username.")] = None

    @field_validator("nickname")
    @classmethod
    def _nickname(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip()
        if not 3 <= len(value) <= 35:
            raise ValueError("Nickname must be between 3 and 35 characters long.")
        return value


class BanBody(Body):
    reason: Annotated[
        StrictStr | None,
        Rules(type="Invalid reason.", length="Reason must be between 1 and 150 characters."),
        Field(min_length=1, max_length=150),
    ] = None


class MuteBody(Body):
    expireAt: epoch_ms(
        Rules(
            required="ExpireAt is required.", type="ExpireAt must be a number!", length="ExpireAt must be a valid date."
        )
    )
    reason: Annotated[StrictStr | None, Rules(type="Invalid reason."), Field(min_length=1, max_length=150)] = None


class TransferBody(Body):
    password: Annotated[
        StrictStr,
        Rules(
            required="Password is required",
            type="Password must be a string!",
            length="Password must be between 0 and 72 characters long.",
        ),
        Field(max_length=72),
    ]
    newOwnerUserId: Annotated[
        StrictStr,
        Rules(required="newOwnerUserId is required.", type="Invalid newOwnerUserId."),
        Field(min_length=4, max_length=100),
    ]


class CustomInviteBody(Body):
    code: Annotated[
        StrictStr,
        Rules(
            required="Code is require", type="Invalid code.", length="Code must be between 2 and 32 characters long."
        ),
        Field(min_length=2, max_length=32),
    ]


class ServerOrderBody(Body):
    serverIds: Annotated[
        list[StrictStr], Rules(required="serverIds must be an array.", type="serverIds must be an array.")
    ]


class FolderBody(Body):
    serverIds: Annotated[list[StrictStr] | None, Rules(type="serverIds must be an array.")] = None
    name: Annotated[
        StrictStr | None,
        Rules(type="Invalid name.", length="Name must be between 4 and 100 characters long."),
        Field(min_length=4, max_length=100),
    ] = None
    color: Annotated[
        StrictStr | None, Rules(type="Invalid color.", length="Invalid color."), Field(min_length=4, max_length=100)
    ] = None
    _colour = field_validator("color")(_hex_colour("Invalid color."))


Mode = Annotated[StrictInt | None, Field(ge=0, le=2)]


class NotificationSettingsBody(Body):
    serverId: Annotated[StrictStr | None, Rules(type="Invalid serverId."), Field(min_length=3, max_length=320)] = None
    channelId: Annotated[StrictStr | None, Rules(type="Invalid channelId."), Field(min_length=3, max_length=320)] = None
    notificationSoundMode: Annotated[
        Mode, Rules(type="Invalid notificationSoundMode.", length="Invalid notificationSoundMode.")
    ] = None
    notificationPingMode: Annotated[
        Mode, Rules(type="Invalid notificationPingMode.", length="Invalid notificationPingMode.")
    ] = None


class ServerScheduleDeleteBody(Body):
    password: ModeratorPassword
    reason: Annotated[
        StrictStr,
        Rules(
            required="Reason is required.",
            type="Reason must be a string.",
            length="Reason must be between 1 and 500 characters long.",
        ),
        Field(min_length=1, max_length=500),
    ]


class ServerUnscheduleDeleteBody(Body):
    password: ModeratorPassword
