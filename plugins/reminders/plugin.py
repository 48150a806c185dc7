"""Reminders: remind me about this message later."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="reminders",
    name="Reminders",
    version="1.0.0",
    description="Personal reminders on messages, pushed to the owner's devices.",
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

    return {"user": {"reminders": await list_for(ctx.user.id)}}
