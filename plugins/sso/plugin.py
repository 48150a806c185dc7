"""Single sign-on: log in and register through the OpenID Connect providers of ``[connections]``
marked ``sign_in = true``. A provider identity is a connection: one already linked logs into its
account; a new one registers an account (when registration allows) or links an existing account
once its password is given."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="sso",
    name="Single sign-on",
    version="1.0.0",
    description="Sign in and register with OpenID Connect providers (ID tokens verified with the provider's keys).",
    requires=("accounts", "connections"),
    routes=("/sso",),
)


@hookimpl
def hearth_models():
    return ["plugins.sso.models"]


@hookimpl
def hearth_blueprints():
    from plugins.sso.routes import blueprint

    return [blueprint]


@hookimpl
async def sign_in_providers():
    from plugins.sso.service import sign_in_providers as offered

    return offered()
