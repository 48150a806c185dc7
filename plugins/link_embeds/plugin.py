"""Link previews: Open Graph / Twitter card / direct image embeds for messages."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="link_embeds",
    name="Link previews",
    version="1.0.0",
    description="Fetches the first link of a message and shows its Open Graph preview.",
    requires=("accounts", "messages"),
)


@hookimpl
async def message_sent(message, access):
    from plugins.link_embeds.service import log, on_sent

    try:
        on_sent(message, access)
    except Exception:
        log.exception("could not schedule a link preview")


@hookimpl
async def message_edited(message, access, previous_content):
    from plugins.link_embeds.service import log, on_edited

    try:
        on_edited(message, access, previous_content)
    except Exception:
        log.exception("could not schedule a link preview")


@hookimpl
async def link_preview(content, user_id):
    """The posts plugin's hook: the embed of a post's first link."""
    from plugins.link_embeds.service import log, preview_for

    try:
        return await preview_for(content, user_id)
    except Exception:
        log.exception("link preview for a post failed")
        return None
