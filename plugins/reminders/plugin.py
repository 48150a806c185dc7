"""Reminders: remind me about this message or post later."""

from core import hookimpl
from core.plugins import Manifest
from plugins.reminders import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="reminders",
    name="Reminders",
    version="1.0.0",
    description="Personal reminders on messages and posts, pushed to the owner's devices.",
    requires=("accounts", "messages"),
    routes=("/reminders",),
)


@hookimpl
def hearth_models():
    return ["plugins.reminders.models"]


@hookimpl
def hearth_blueprints():
    from plugins.reminders.routes import blueprint

    return [blueprint]


@hookimpl
async def authenticated_payload(ctx):
    from plugins.reminders.service import list_for

    if ctx.user.bot:
        return {"user": {"reminders": []}}  # as upstream sends a bot: bots may not set reminders
    return {"user": {"reminders": await list_for(ctx.user)}}
