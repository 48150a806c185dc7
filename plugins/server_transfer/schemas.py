"""Request bodies of ``/api/server-transfers``."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictBool, StrictStr

from core.validation import Body, Rules


class ExportBody(Body):
    history: Annotated[StrictBool, Rules(type="history must be a boolean.")] = False


class StartBody(Body):
    # Authors of the archive the importer confirms as the local account their e-mail matched.
    confirm: Annotated[
        list[StrictStr],
        Rules(type="confirm must be a list of author ids.", length="confirm lists at most 1000 authors."),
        Field(max_length=1000),
    ] = []
