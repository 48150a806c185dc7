"""Search: one full-text index of every message (PostgreSQL tsvector + GIN, SQLite FTS5) and
Hearth's wider search route (issue 37) — across a server, DMs and groups, with filters, ranking
and highlights — for clients that opt in (``X-Hearth-Features: search``). The messages plugin
knows nothing of it: triggers on the ``messages`` table note each change (``index.py``) and, on
PostgreSQL, the indexer turns the notes into documents after commit (``indexer.py``)."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="search",
    name="Search",
    version="1.0.0",
    description="Full-text search of messages across servers, DMs and groups, with filters and ranking.",
    requires=("accounts", "messages", "servers"),
    optional=("inbox", "group_dms", "threads", "friends", "posts"),
    routes=("/search",),
)


@hookimpl
def hearth_models():
    return ["plugins.search.models"]


@hookimpl
async def hearth_startup(app):
    from core.jobs import start_periodic
    from plugins.search.indexer import INTERVAL_SECONDS, index_pending

    start_periodic(app, "search.index", INTERVAL_SECONDS, index_pending)


@hookimpl
async def hearth_shutdown(app):
    from core.jobs import stop_periodic

    await stop_periodic(app, "search.index")


@hookimpl
def hearth_blueprints(plugins):
    from plugins.search.routes import blueprint

    if not plugins.enabled("posts"):
        return [blueprint]
    from plugins.search.post_routes import posts_blueprint

    return [blueprint, posts_blueprint]


@hookimpl
async def channel_search_ids(channel_id, text, author_ids, before, after, ascending, limit):
    from plugins.search.reference import channel_search_ids as answer

    return await answer(channel_id, text, author_ids, before, after, ascending, limit)
