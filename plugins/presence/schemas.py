"""Request body of ``POST /users/presence`` with the reference's texts (rest.md §1.24)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictInt, StrictStr

from core.validation import Body, Rules


class PresenceBody(Body):
    status: Annotated[
        StrictInt | None, Rules(type="Invalid status.", length="Status must be between 0 and 4."), Field(ge=0, le=4)
    ] = None
    custom: Annotated[
        StrictStr | None,
        Rules(type="Invalid custom status.", length="custom status must be between 0 and 200."),
        Field(max_length=200),
    ] = None
