"""Forum channels (issue 35): a server channel of type 15 whose content is posts — threads with a
title, a first message and tags — sorted, filtered and searched, with guidelines; a post's author
may share it to the feed. Built on the threads plugin; only clients that opt in (``threads``)
ever meet a forum."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="forums",
    name="Forums",
    version="1.0.0",
    description="Forum channels: posts with tags, sorting, search and guidelines; share a post to the feed.",
    requires=("accounts", "messages", "servers", "threads"),
    optional=("posts",),
    routes=("/forums",),
)


@hookimpl
def hearth_models():
    return ["plugins.forums.models"]


@hookimpl
def hearth_blueprints(plugins):
    from plugins.forums.routes import blueprint, sharing

    return [blueprint, *([sharing] if plugins.enabled("posts") else [])]


@hookimpl
def channel_kinds():
    from plugins.forums.kind import ForumChannels
    from plugins.forums.models import FORUM

    return {FORUM: ForumChannels()}


@hookimpl
async def post_gates_open(viewer_id, gates):
    from plugins.forums.share import gates_open

    return await gates_open(viewer_id, gates)
