"""Hooks through which other plugins put their share of a server into its export and make it
again on import (docs/export.md, "A server"). A plugin answers only for the parts it owns."""

from core.hookspecs import hookspec


@hookspec
def server_transfer_parts(server_id):
    """This plugin's parts of the server's export: ``[{"name": "welcome", "items": [dict, ...]}]``
    (``name`` [a-z_], not one of the core parts; items are read whole, so keep them small). Ids
    are decimal strings; a role id is the servers plugin's, mapped again on import."""


@hookspec
def server_transfer_check(part, items):
    """For a part this plugin owns: a list of what is wrong with ``items`` (empty when nothing;
    each a sentence, answered as 400 ``<part>.json: <it>``). ``None`` for a part it does not own.
    Called when the file is uploaded, before anything is made."""


@hookspec
def server_transfer_restore(server_id, part, items, ids):
    """Make the checked ``items`` of a part this plugin owns in the new server ``server_id``;
    ``ids`` maps the archive's ids to the new ones: ``{"role": {...}, "channel": {...}}``. Runs
    inside the import's transaction (no events: nobody is in the server yet)."""
