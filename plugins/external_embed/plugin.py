"""External embed: a public widget of a server that outside pages can show."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="external_embed",
    name="External embed",
    version="1.0.0",
    description="A public widget of a server (members online, an invite) for other web pages.",
    requires=("accounts", "servers"),
    optional=("presence",),
    # Only these sub-paths of /servers: the servers plugin serves the rest (claims are per route).
    routes=("/servers/<server_id>/external-embed", "/servers/<server_id>/external-embed.json"),
)


@hookimpl
def hearth_models():
    return ["plugins.external_embed.models"]


@hookimpl
def hearth_blueprints():
    from plugins.external_embed.routes import blueprint

    return [blueprint]
