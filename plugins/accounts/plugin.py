"""Accounts: registration, login, sessions, e-mail confirmation, password reset, profile."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="accounts",
    name="Accounts",
    version="1.0.0",
    description="Register, log in, sessions, e-mail confirmation, password reset and profile updates.",
    routes=("/users",),
    essential=True,
)


@hookimpl
def hearth_models():
    return ["plugins.accounts.models"]


@hookimpl
def hearth_blueprints():
    from plugins.accounts.routes import blueprint

    return [blueprint]


@hookimpl
async def authenticated_payload(ctx):
    from plugins.accounts.models import Profile

    profile = await Profile.get_or_none(user_id=ctx.user.id)
    return {"user": {"profile": {"font": profile.font, "clan": None} if profile else None}}
