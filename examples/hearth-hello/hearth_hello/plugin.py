"""The plugin module Hearth loads through the ``hearth.plugins`` entry point: the manifest and
the hook implementations. Heavier imports happen inside the hooks, once Hearth calls them."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="hello",
    name="Hello",
    version="1.0.0",
    description="Says hello, lets users wave at each other and counts the waves they received.",
    requires=("accounts",),
    routes=("/hello",),
)


@hookimpl
def hearth_models():
    return ["hearth_hello.models"]


@hookimpl
def hearth_blueprints():
    from hearth_hello.routes import blueprint

    return [blueprint]


@hookimpl
def hearth_socket_handlers():
    from hearth_hello.service import wave

    return {"hello:wave": wave}


@hookimpl
async def user_deleted(user, delete_content):
    from hearth_hello.models import Wave

    await Wave.filter(to_user_id=user.id).delete()
    await Wave.filter(from_user_id=user.id).delete()
