"""Hooks through which other plugins put their share of a server into its export and make it
again on import (docs/export.md, "A server"). A plugin answers only for the parts it owns; an
implementation may take only some of the arguments (pluggy passes those it names)."""

from core.hookspecs import hookspec


@hookspec
def server_transfer_parts(server_id):
    """This plugin's parts of the server's export: ``[{"name": "welcome", "items": [dict, ...],
    "files": [stored path, ...]}]`` (``name`` [a-z_], not one of the core parts; items are read
    whole, so keep them small; ``files``, optional, are stored files the items name, copied to
    ``files/<path>``). Ids are decimal strings; a role id is the servers plugin's, mapped again on
    import."""


@hookspec
def server_transfer_check(part, items, files):
    """For a part this plugin owns: a list of what is wrong with ``items`` (empty when nothing;
    each a sentence, answered as 400 ``<part>.json: <it>``). ``None`` for a part it does not own.
    Called when the file is uploaded, before anything is made. ``files``: the archive's stored
    files (``plugins.server_transfer.files.ArchiveFiles``)."""


@hookspec
def server_transfer_left_out(part, items, files):
    """For a part this plugin owns, the dry run's list of items an import would not make
    (``[{"name": str, "reason": str}]``, reason a short code such as ``picture`` or ``limit``);
    ``None`` for a part it does not own."""


@hookspec
def server_transfer_restore(server_id, user_id, part, items, ids, files):
    """Make the checked ``items`` of a part this plugin owns in the new server ``server_id`` for
    the importer ``user_id``; ``ids`` maps the archive's ids to the new ones: ``{"role": {...},
    "channel": {...}}``. Runs inside the import's transaction (no events: nobody is in the server
    yet). May answer ``{kind: {archive id: local id}}`` for what other parts name (kind ``emoji``:
    custom emoji markup and reactions of the messages are re-pointed to the new ids)."""
