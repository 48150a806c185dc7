"""Two server processes sharing PostgreSQL/SQLite and Redis: an event emitted by one reaches a
client connected to the other, and so does a forced disconnect."""

import pytest

from tests.conftest import REDIS_URL, needs_redis
from tests.support import connect_socket, new_person, start_process


@pytest.fixture
async def two_servers(database_url):
    started = [await start_process(database_url, REDIS_URL), await start_process(database_url, REDIS_URL)]
    yield [url for _, url in started]
    for process, _ in started:
        process.terminate()
        process.wait(60)  # a loaded machine may take a while to drain


@needs_redis
async def test_an_event_from_one_process_reaches_a_client_of_the_other(client, two_servers):
    import aiohttp

    first, second = two_servers
    person = await new_person()
    probe = await connect_socket(first, person.token)
    assert probe.received("user:authenticated")
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{second}/api/users",
            json={"username": "renamed", "password": person.password},
            headers={"Authorization": person.token},
        ) as response:
            assert response.status == 200, await response.text()
        update = await probe.wait_for("user:updatedSelf")
        assert update["username"] == "renamed"

        async with http.delete(f"{second}/api/users/logout", headers={"Authorization": person.token}) as response:
            assert response.status == 200
    assert await probe.wait_for("user:authenticate_error") == {"message": "Invalid Token"}
    await probe.wait_disconnected()


def other_database(url: str) -> str:
    base, _, number = url.rpartition("/")
    return f"{base}/{(int(number or 0) + 1) % 16}"


@needs_redis
async def test_two_hearths_on_one_redis_server_with_different_database_numbers_do_not_hear_each_other(
    client, database_url
):
    import aiohttp

    (first_process, first), (second_process, second) = (
        await start_process(database_url, REDIS_URL),
        await start_process(database_url, other_database(REDIS_URL)),
    )
    try:
        person = await new_person()
        on_first = await connect_socket(first, person.token)
        on_second = await connect_socket(second, person.token)
        async with aiohttp.ClientSession() as http:
            for url, name in ((second, "heard-on-second"), (first, "heard-on-first")):
                async with http.post(
                    f"{url}/api/users",
                    json={"username": name, "password": person.password},
                    headers={"Authorization": person.token},
                ) as response:
                    assert response.status == 200, await response.text()
        assert (await on_second.wait_for("user:updatedSelf"))["username"] == "heard-on-second"
        assert (await on_first.wait_for("user:updatedSelf"))["username"] == "heard-on-first"
        assert [data["username"] for data in on_first.received("user:updatedSelf")] == ["heard-on-first"]
        await on_first.close()
        await on_second.close()
    finally:
        for process in (first_process, second_process):
            process.terminate()
            process.wait(60)  # a loaded machine may take a while to drain
