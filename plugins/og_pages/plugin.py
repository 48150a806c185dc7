"""Open Graph pages: small HTML documents describing Hearth's invites and profiles to the
link-preview crawlers of other sites (rest.md §15)."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="og_pages",
    name="Open Graph pages",
    version="1.0.0",
    description="HTML with Open Graph tags for invite and profile links, for other sites' crawlers.",
    requires=("accounts",),
    optional=("servers",),
    routes=("/og",),
)


@hookimpl
def hearth_blueprints():
    from plugins.og_pages.routes import blueprint

    return [blueprint]
