"""External embed: a public widget of a server that outside pages can show."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="external_embed",
    name="External embed",
    version="1.0.0",
    description="A public widget of a server (members online, an invite) or of a user for other web pages.",
    requires=("accounts", "servers"),
    optional=("presence",),
    # Only these sub-paths of /servers and /users: servers and accounts serve the rest (claims are per route).
    routes=(
        "/servers/<server_id>/external-embed",
        "/servers/<server_id>/external-embed.json",
        "/users/external-embed",
        "/users/<user_id>/external-embed",
        "/users/<user_id>/external-embed.json",
    ),
)


@hookimpl
def hearth_models():
    return ["plugins.external_embed.models"]


@hookimpl
def hearth_blueprints():
    from plugins.external_embed.routes import blueprint
    from plugins.external_embed.user_routes import blueprint as user_blueprint

    return [blueprint, user_blueprint]


@hookimpl
async def user_deleted(user, delete_content):
    # The deleted account's row stays (anonymised); its public widget must not.
    from plugins.external_embed.models import ExternalEmbed

    await ExternalEmbed.filter(user_id=user.id).delete()
