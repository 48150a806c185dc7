"""Request bodies of rest.md §3.22 with the reference's messages."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictBool, StrictStr

from core.validation import Body, Rules


class JoinVoiceBody(Body):
    socketId: Annotated[
        StrictStr,
        Rules(
            required="socketId is required",
            type="socketId must be a string",
            length="socketId must be between 3 and 320 characters long.",
        ),
        Field(min_length=3, max_length=320),
    ]
    # Hearth's own client: it can use server-side media (plugins/voice/README.md). Not in the reference.
    serverMedia: StrictBool | None = None
