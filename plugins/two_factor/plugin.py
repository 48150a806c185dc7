"""Two-factor: TOTP codes with one-time recovery codes, passkeys (WebAuthn), the second step of
login (the accounts plugin's ``account_login_challenge``), and the rules that require it of staff
and of a server's moderators."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="two_factor",
    name="Two-factor",
    version="1.0.0",
    description="Authenticator-app codes, recovery codes and passkeys; staff and servers can require them.",
    requires=("accounts",),
    optional=("servers",),
    routes=("/two-factor",),
)


@hookimpl
def hearth_models():
    return ["plugins.two_factor.models"]


@hookimpl
def hearth_blueprints(plugins):
    from plugins.two_factor.routes import blueprint, server_blueprint

    return [blueprint, *([server_blueprint] if plugins.enabled("servers") else [])]


@hookimpl
async def account_password_set(user_id, ip):
    from plugins.two_factor import audit

    await audit.record(user_id, audit.PASSWORD_SET, ip)


@hookimpl
async def account_login_challenge(user, method):
    from plugins.two_factor.login import challenge_for

    return await challenge_for(user, method)


@hookimpl
async def staff_route_refusal(user):
    from plugins.two_factor.requirements import staff_refusal

    return await staff_refusal(user)


@hookimpl
async def server_moderation_refusal(server_id, user, permission):
    from plugins.two_factor.requirements import server_refusal

    return await server_refusal(server_id, user)
