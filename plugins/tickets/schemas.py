"""Request bodies of rest.md §9 and §8.4 with the reference's messages."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictInt, StrictStr

from core.validation import Body, Rules


class CreateTicketBody(Body):
    title: Annotated[
        StrictStr,
        Rules(
            required="Title must be a string!",
            type="Title must be a string!",
            length="Title length must be between 1 and 200 characters.",
        ),
        Field(min_length=1, max_length=200),
    ]
    body: Annotated[
        StrictStr,
        Rules(
            required="Body must be a string!",
            type="Body must be a string!",
            length="Body length must be between 1 and 2000 characters.",
        ),
        Field(min_length=1, max_length=2000),
    ]
    category: Annotated[StrictInt, Rules(required="Category must be a number!", type="Category must be a number!")]


class TicketStatusBody(Body):
    status: Annotated[StrictInt, Rules(required="status must be a number!", type="status must be a number!")]
