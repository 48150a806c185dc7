"""The moderation loop runs by itself, and a suspension made on one process is enforced at once
by every other (the in-memory standing is reloaded through Redis before sockets are kicked)."""

import asyncio

from core.identity.models import User
from tests.conftest import needs_redis
from tests.plugins.messages.helpers import error, member
from tests.plugins.moderation.helpers import staff, suspend
from tests.support import call, connect_socket


async def test_the_loop_deletes_permanently_suspended_accounts_by_itself(start_server):
    server = await start_server(
        **{"moderation.jobs_interval_seconds": 0.05, "moderation.suspended_account_deletion_days": 0}
    )
    client = server.app.quart.test_client()
    mod, target = await staff(client), await member()
    await suspend(client, mod, target, days=0)
    for _ in range(200):
        if (await User.get(id=int(target.id))).deleted:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the account was never deleted")


@needs_redis
async def test_a_suspension_made_on_one_process_is_enforced_by_the_others(start_server):
    first, second = await start_server(), await start_server()
    one, two = first.app.quart.test_client(), second.app.quart.test_client()
    mod, target = await staff(one), await member()
    probe = await connect_socket(second.url, target.token)
    try:
        assert (await call(two, "GET", "/api/users", token=target.token))[0] == 200
        await suspend(one, mod, target, reason="across processes")
        for _ in range(100):  # the other process hears of it through Redis (milliseconds)
            if (await call(two, "GET", "/api/users", token=target.token))[0] == 401:
                break
            await asyncio.sleep(0.05)
        assert await call(two, "GET", "/api/users", token=target.token) == (401, error("You are suspended."))
        kicked = await probe.wait_for("user:authenticate_error")
        assert kicked["data"]["reason"] == "across processes"
        await probe.wait_disconnected()
    finally:
        await probe.close()
