"""The account standing hook (``hearth_account_standing``, ``core.identity.standing``): a plugin
may refuse a user's tokens — REST answers 401 with the message, a socket gets the message and
the data and is dropped — and without one every account is in good standing."""

from core import hookimpl
from core.app import create_quart_app
from core.identity.sessions import AuthFailure
from core.identity.standing import AccountStanding
from core.plugins import PluginHost
from tests.core.test_plugins import host, plugin
from tests.support import call, connect_socket, new_person


class Judge(AccountStanding):
    def __init__(self):
        self.refused: set[int] = set()

    async def refusal(self, user, ip):
        if user.id in self.refused:
            return AuthFailure(
                "You are suspended.",
                {"type": "suspend", "reason": "a test", "expire": None, "by": {"username": "judge"}},
            )
        return None


def app_with_judge(settings):
    judge = plugin("judge")
    judge.hearth_account_standing = hookimpl(lambda settings: Judge())
    essentials = [
        p.module for p in PluginHost.from_settings(settings.with_overrides({"plugins.enabled": ["accounts"]})).plugins
    ]
    return create_quart_app(settings, host(*essentials, judge))


async def test_a_refused_token_gets_the_message_on_rest_and_the_data_on_sockets(settings, start_server):
    app = app_with_judge(settings)
    url = (await start_server(quart_app=app)).url
    client = app.test_client()
    refused, fine = await new_person(), await new_person()
    app.extensions["hearth"].standing.refused.add(int(refused.id))
    assert await call(client, "GET", "/api/users", token=refused.token) == (
        401,
        {"message": "You are suspended.", "path": None},
    )
    assert (await call(client, "GET", "/api/users", token=fine.token))[0] == 200
    probe = await connect_socket(url, refused.token)
    try:
        assert probe.received("user:authenticate_error") == [
            {
                "message": "You are suspended.",
                "data": {"type": "suspend", "reason": "a test", "expire": None, "by": {"username": "judge"}},
            }
        ]
        await probe.wait_disconnected()
    finally:
        await probe.close()
    assert app.extensions["hearth"].standing.shadow_banned(1) is False  # the base class's answer


async def test_without_a_provider_everyone_is_in_good_standing(settings):
    app = create_quart_app(settings.with_overrides({"plugins.enabled": ["accounts"]}))
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        assert (await call(client, "GET", "/api/users", token=person.token))[0] == 200
        assert type(app.extensions["hearth"].standing) is AccountStanding


async def test_an_emit_to_no_room_reaches_nobody(client, live_server, sockets):
    person = await new_person()
    probe = await sockets(person.token)
    gateway = live_server.app.quart.extensions["hearth"].gateway
    await gateway.emit("test:nowhere", {"x": 1}, to=[])
    await gateway.emit("test:somewhere", {"x": 2}, to=str(person.id))
    assert await probe.wait_for("test:somewhere") == {"x": 2}
    assert probe.received("test:nowhere") == []
