from tests.support import call, connect_socket, register


async def test_registered_user_authenticates_over_a_real_socket(client, live_server):
    person = await register(client)
    probe = await connect_socket(live_server.url, person.token)
    payload = probe.received("user:authenticated")[0]
    assert payload["user"]["id"] == person.id
    await probe.close()
