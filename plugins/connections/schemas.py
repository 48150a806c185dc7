"""Request bodies of the connections routes."""

from __future__ import annotations

from typing import Annotated

from pydantic import StrictStr, field_validator

from core.validation import Body, Rules

MAX_CODE = 2048
MAX_STATE = 200
MAX_ERROR = 200
MAX_ERROR_DESCRIPTION = 1000


def _present(value: str, required: str, too_long: str, limit: int) -> str:
    if not value.strip():
        raise ValueError(required)
    if len(value) > limit:
        raise ValueError(too_long)
    return value


class GoogleLinkBody(Body):
    # rest.md §12 and upstream's express-validator texts.
    nerimityToken: Annotated[
        StrictStr, Rules(required="nerimityToken is required.", type="nerimityToken must be a string!")
    ]
    code: Annotated[StrictStr, Rules(required="code is required.", type="code must be a string!")]

    @field_validator("nerimityToken")
    @classmethod
    def _token(cls, value: str) -> str:
        # a token this long was never made here: the reference's answer for any bad token
        return _present(value, "nerimityToken is required.", "Token expired. Please try again.", MAX_STATE)

    @field_validator("code")
    @classmethod
    def _code(cls, value: str) -> str:
        return _present(value, "code is required.", "Invalid code.", MAX_CODE)


class ProviderCallbackBody(Body):
    # What the provider put in the redirect's query, as the web app's redirect page read it.
    state: Annotated[StrictStr, Rules(required="state is required.", type="state must be a string.")]
    code: Annotated[StrictStr | None, Rules(type="code must be a string.")] = None
    error: Annotated[StrictStr | None, Rules(type="error must be a string.")] = None
    errorDescription: Annotated[StrictStr | None, Rules(type="errorDescription must be a string.")] = None

    @field_validator("state")
    @classmethod
    def _state(cls, value: str) -> str:
        return _present(value, "state is required.", "Invalid state. Start linking again.", MAX_STATE)

    @field_validator("code")
    @classmethod
    def _code(cls, value: str | None) -> str | None:
        if value is not None and len(value) > MAX_CODE:
            raise ValueError(f"code must be at most {MAX_CODE} characters long.")
        return value or None

    @field_validator("error")
    @classmethod
    def _error(cls, value: str | None) -> str | None:
        return value[:MAX_ERROR] if value else None

    @field_validator("errorDescription")
    @classmethod
    def _description(cls, value: str | None) -> str | None:
        return value[:MAX_ERROR_DESCRIPTION] if value else None
