"""Explore: public server listings, joining from them, bumping; the server of a custom emoji."""

from core import hookimpl
from core.plugins import Manifest
from plugins.explore import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="explore",
    name="Explore",
    version="1.0.0",
    description="Publish servers on the explore page, list, search, join and bump them.",
    requires=("accounts", "messages", "servers", "emojis"),
    routes=("/explore", "/emojis"),
)


@hookimpl
def hearth_models():
    return ["plugins.explore.models"]


@hookimpl
def hearth_blueprints():
    from plugins.explore.routes import blueprint

    return [blueprint]
