"""The hook through which every plugin adds its part of a user's data (docs/export.md)."""

from core.hookspecs import hookspec


@hookspec
def data_export_parts(user):
    """The parts of ``user``'s data this plugin holds, for "Download your data": a list of
    ``{"name": "friends", "title": "Friends and blocks", "rows": <async iterable of dicts>}``.
    ``name`` is the file (``<name>.json``, [a-z_]), ``rows`` are read once, in order, while the
    archive is written (yield them page by page: a part may hold 100,000 rows). A row may carry
    ``"storedFile": "<path>"``, a file of ``hearth().storage`` that is then put into the archive
    at ``files/<path>``. Only what the user may still see: this is the only check."""
