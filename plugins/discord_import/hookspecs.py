"""Hooks of the Discord import's placeholder authors, for the importers that make them
(plugins/server_transfer uses ``placeholders.py``)."""

from core.hookspecs import hookspec


@hookspec
async def imported_author_claimed(server_id, placeholder_id, user_id):
    """The real person ``user_id`` claimed the placeholder ``placeholder_id`` of the server (its
    messages and reactions are theirs and the placeholder is gone). Called once the claim is
    committed; an importer that kept more for the placeholder (server_transfer: the member's roles)
    gives it to the person here."""
