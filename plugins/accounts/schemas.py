"""Request bodies with the wire reference's validation texts (rest.md §1)."""

from __future__ import annotations

import re
from typing import Annotated

from email_validator import EmailNotValidError, validate_email
from pydantic import Field, StrictBool, StrictInt, StrictStr, field_validator

from core.validation import Body, Rules


def _email(value: str) -> str:
    try:
        validate_email(value, check_deliverability=False)
    except EmailNotValidError:
        raise ValueError("Invalid email.") from None
    return value.strip().lower()


def _username(value: str) -> str:
    if "@" in value:
        raise ValueError("Username cannot contain the @ symbol")
    if ":" in value:
        raise ValueError("Username cannot contain the : symbol")
    value = value.strip()
    if not 3 <= len(value) <= 35:
        raise ValueError("Username must be between 3 and 35 characters long.")
    return value


def valid_tag(value: str) -> str:
    # Alphanumerical first, then the length: the order rest.md §1.19 lists the rules in.
    if not (value.isascii() and value.isalnum()):
        raise ValueError("Tag must be alphanumerical!")
    if len(value) != 4:
        raise ValueError("Tag must be 4 characters long")
    return value


EmailField = Annotated[
    StrictStr,
    Rules(
        required="Email is required.", type="Invalid email.", length="Email must be between 1 and 320 characters long."
    ),
    Field(min_length=1, max_length=320),
]
UsernameField = Annotated[StrictStr, Rules(required="Username is required.", type="Invalid username.")]
PasswordField = Annotated[
    StrictStr,
    Rules(
        required="Password is required.",
        type="Password must be a string.",
        length="Password must be between 4 and 64 characters long.",
    ),
    Field(min_length=4, max_length=64),
]
ConfirmPassword = Annotated[
    StrictStr,
    Rules(
        required="Password required!",
        type="Password must be a string.",
        length="Password must be between 4 and 72 characters long.",
    ),
    Field(min_length=4, max_length=72),
]


class RegisterBody(Body):
    email: EmailField
    username: UsernameField
    password: PasswordField
    token: Annotated[
        StrictStr | None, Rules(type="Invalid captcha! Please try again."), Field(min_length=1, max_length=5000)
    ] = None
    # Hearth's own: the instance invite code while registration is invite-only.
    inviteCode: Annotated[
        StrictStr | None,
        Rules(type="inviteCode must be a string.", length="inviteCode must be at most 64 characters long."),
        Field(max_length=64),
    ] = None

    _check_email = field_validator("email")(classmethod(lambda cls, v: _email(v)))
    _check_username = field_validator("username")(classmethod(lambda cls, v: _username(v)))


class LoginBody(Body):
    email: Annotated[StrictStr | None, Rules(type="Invalid email.")] = None
    usernameAndTag: Annotated[StrictStr | None, Rules(type="Invalid username & tag")] = None
    password: Annotated[
        StrictStr,
        Rules(
            required="Password is required.",
            type="Password must be a string.",
            length="Password must be between 4 and 72 characters long.",
        ),
        Field(min_length=4, max_length=72),
    ]

    @field_validator("email")
    @classmethod
    def _valid_email(cls, value: str | None) -> str | None:
        return None if value is None else _email(value)


class PasswordConfirmBody(Body):
    password: ConfirmPassword
    # Hearth's own, DELETE /users/sessions only: keep the caller's session ("log out everywhere else").
    keepCurrent: Annotated[StrictBool | None, Rules(type="keepCurrent must be a boolean.")] = None


class DeleteAccountBody(Body):
    password: ConfirmPassword
    deleteContent: Annotated[
        StrictBool, Rules(required="deleteContent must be a boolean.", type="deleteContent must be a boolean.")
    ] = False


class ResetSendCodeBody(Body):
    email: Annotated[StrictStr, Rules(required="Email is required.", type="Invalid email.")]

    _check_email = field_validator("email")(classmethod(lambda cls, v: _email(v)))


class ResetPasswordBody(Body):
    newPassword: Annotated[
        StrictStr,
        Rules(
            required="newPassword is required.",
            type="New password must be a string.",
            length="New password must be between 4 and 64 characters long.",
        ),
        Field(min_length=4, max_length=64),
    ]


_HEX_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")


def is_hex_color(value: str) -> bool:
    """``#rgb``, ``#rrggbb`` or ``#rrggbbaa``: the colours the reference's validator takes
    (rest.md §4.4); never CSS, which the web UI would put in a style."""
    return _HEX_COLOR.fullmatch(value) is not None


def _nullable_text(low: int, high: int, name: str):
    return Annotated[
        StrictStr | None,
        Rules(type=f"Invalid {name}.", length=f"Invalid {name}."),
        Field(min_length=low, max_length=high),
    ]


PrivacyLevel = Annotated[StrictInt, Field(ge=0, le=2)]


class UpdateAccountBody(Body):
    email: Annotated[
        StrictStr | None, Rules(type="Invalid email.", length="Invalid email."), Field(min_length=1, max_length=320)
    ] = None
    username: Annotated[StrictStr | None, Rules(type="Invalid username.")] = None
    tag: Annotated[StrictStr | None, Rules(type="Tag must be alphanumerical!")] = None
    password: Annotated[StrictStr | None, Rules(type="Password must be a string.")] = None
    newPassword: Annotated[
        StrictStr | None,
        Rules(type="New password must be a string.", length="Password must be between 4 and 64 characters long."),
        Field(min_length=4, max_length=64),
    ] = None
    socketId: Annotated[StrictStr | None, Field(min_length=4, max_length=164)] = None
    bio: _nullable_text(1, 1000, "bio") = None
    bgColorOne: _nullable_text(4, 100, "bgColorOne") = None
    bgColorTwo: _nullable_text(4, 100, "bgColorTwo") = None
    primaryColor: _nullable_text(4, 100, "primaryColor") = None
    font: Annotated[StrictInt | None, Rules(type="Invalid font.", length="Invalid font."), Field(ge=0, le=10)] = None
    dmStatus: Annotated[PrivacyLevel | None, Rules(type="Invalid dmStatus.", length="Invalid dmStatus.")] = None
    friendRequestStatus: Annotated[
        PrivacyLevel | None, Rules(type="Invalid friendRequestStatus.", length="Invalid friendRequestStatus.")
    ] = None
    lastOnlineStatus: Annotated[
        PrivacyLevel | None, Rules(type="Invalid lastOnlineStatus.", length="Invalid lastOnlineStatus.")
    ] = None
    avatarId: _nullable_text(4, 100, "avatarId") = None
    bannerId: _nullable_text(4, 100, "bannerId") = None
    hideFollowing: Annotated[StrictBool | None, Rules(type="Invalid hideFollowing.")] = None
    hideFollowers: Annotated[StrictBool | None, Rules(type="Invalid hideFollowers.")] = None
    clanServerId: _nullable_text(4, 100, "clanServerId") = None

    @field_validator("email")
    @classmethod
    def _valid_email(cls, value: str | None) -> str | None:
        return None if value is None else _email(value)

    @field_validator("bgColorOne", "bgColorTwo", "primaryColor")
    @classmethod
    def _colour(cls, value: str | None) -> str | None:
        if value is not None and not is_hex_color(value):
            raise ValueError("Invalid hex color.")
        return value

    @field_validator("username")
    @classmethod
    def _valid_username(cls, value: str | None) -> str | None:
        return None if value is None else _username(value)

    @field_validator("tag")
    @classmethod
    def _valid_tag(cls, value: str | None) -> str | None:
        return None if value is None else valid_tag(value)
