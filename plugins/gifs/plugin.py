"""GIF search: the reference's Tenor-style proxy (rest.md §16) for the composer's GIF picker."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="gifs",
    name="GIF search",
    version="1.0.0",
    description="Searches a GIF provider the operator configures ([gifs]) for the composer's GIF picker.",
    requires=("accounts",),
    routes=("/tenor", "/v2/tenor"),
)


@hookimpl
def hearth_blueprints():
    from plugins.gifs.routes import blueprint

    return [blueprint]
