from tests.support import call, connect_socket, new_person


async def test_registered_user_authenticates_over_a_real_socket(client, live_server):
    person = await new_person()
    probe = await connect_socket(live_server.url, person.token)
    payload = probe.received("user:authenticated")[0]
    assert payload["user"]["id"] == person.id
    await probe.close()


async def test_each_test_starts_from_empty_tables_even_rows_that_others_reference(client):
    """clear_tables empties every table, on PostgreSQL with DELETE and foreign keys unchecked."""
    from tortoise import Tortoise, connections

    from core.testing import clear_tables

    person = await new_person()
    status, _ = await call(client, "POST", "/api/servers", {"name": "Kept?"}, token=person.token)
    assert status == 200
    tables = [model._meta.db_table for app in Tortoise.apps.values() for model in app.values()]
    connection = connections.get("default")

    async def rows() -> dict[str, int]:
        counts = {}
        for table in tables:
            result = await connection.execute_query_dict(f'SELECT COUNT(*) AS n FROM "{table}"')
            counts[table] = result[0]["n"]
        return {table: n for table, n in counts.items() if n}

    assert {"users", "accounts", "servers", "server_members", "channels"} <= set(await rows())
    await clear_tables()
    assert await rows() == {}
