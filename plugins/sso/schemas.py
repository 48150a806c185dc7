"""Request bodies of the single sign-on routes."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictStr, field_validator

from core.validation import Body, Rules
from plugins.accounts.schemas import ConfirmPassword, EmailField, UsernameField, _email, _username

MAX_CODE = 2048
MAX_VALUE = 200

Ticket = Annotated[
    StrictStr,
    Rules(required="ticket is required.", type="ticket must be a string.", length="ticket is invalid."),
    Field(min_length=1, max_length=MAX_VALUE),
]


class SsoCallbackBody(Body):
    # What the provider put in the redirect's query, as the web app's /login/sso/<id> page read it.
    state: Annotated[
        StrictStr,
        Rules(required="state is required.", type="state must be a string.", length="state is required."),
        Field(min_length=1, max_length=MAX_VALUE),
    ]
    code: Annotated[
        StrictStr | None,
        Rules(type="code must be a string.", length=f"code must be at most {MAX_CODE} characters long."),
        Field(max_length=MAX_CODE),
    ] = None
    error: Annotated[StrictStr | None, Rules(type="error must be a string."), Field(max_length=200)] = None
    errorDescription: Annotated[
        StrictStr | None, Rules(type="errorDescription must be a string."), Field(max_length=1000)
    ] = None


class SsoRegisterBody(Body):
    ticket: Ticket
    username: UsernameField
    inviteCode: Annotated[
        StrictStr | None,
        Rules(type="inviteCode must be a string.", length="inviteCode must be at most 64 characters long."),
        Field(max_length=64),
    ] = None

    _check_username = field_validator("username")(classmethod(lambda cls, v: _username(v)))


class SsoLinkBody(Body):
    ticket: Ticket
    email: EmailField | None = None
    usernameAndTag: Annotated[
        StrictStr | None, Rules(type="usernameAndTag must be a string."), Field(max_length=40)
    ] = None
    password: ConfirmPassword

    _check_email = field_validator("email")(classmethod(lambda cls, v: _email(v) if v is not None else v))
