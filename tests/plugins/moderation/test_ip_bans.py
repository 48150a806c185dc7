"""IP bans (rest.md §8.2 suspend with ``ipBan``, §0.3, §1.1): every address the suspended users
signed in from is banned for 7 days; everyone else signed in from one of them is told
``You have been IP Banned`` and dropped; new requests, sockets and registrations from there are
refused; founders pass."""

from datetime import UTC, datetime

from plugins.moderation.models import AuditEntry, IpBan
from tests.plugins.messages.helpers import error
from tests.plugins.moderation.addresses import TRUST_PROXY, call_from, person_at, ping_from, socket_from
from tests.plugins.moderation.helpers import FOUNDER, pw

BAD, SHARED_HOUSE_MATE, ELSEWHERE = "203.0.113.7", "203.0.113.7", "198.51.100.2"


async def test_an_ip_ban_drops_everyone_on_the_address(start_server):
    server = await start_server(**TRUST_PROXY)
    client = server.app.quart.test_client()
    mod = await person_at(client, ELSEWHERE)
    from core.identity.models import User

    await User.filter(id=int(mod.id)).update(badges=FOUNDER)
    target, mate, other = (
        await person_at(client, BAD),
        await person_at(client, SHARED_HOUSE_MATE),
        await person_at(client, ELSEWHERE),
    )
    mate_socket = await socket_from(server.url, SHARED_HOUSE_MATE, mate.token)
    other_socket = await socket_from(server.url, ELSEWHERE, other.token)
    try:
        status, body = await call_from(
            client,
            ELSEWHERE,
            "POST",
            "/api/moderation/users/suspend",
            pw(userIds=[target.id], days=1, reason="spam", ipBan=True),
            mod.token,
        )
        assert (status, body) == (200, {"status": True})
        kicked = await mate_socket.wait_for("user:authenticate_error")
        assert kicked["message"] == "You have been IP Banned" and kicked["data"]["type"] == "ip-ban"
        week = int(datetime.now(UTC).timestamp() * 1000) + 7 * 86_400_000
        assert week - 60_000 <= kicked["data"]["expire"] <= week
        await mate_socket.wait_disconnected()
        await ping_from(client, ELSEWHERE, other, other_socket)
        assert other_socket.received("user:authenticate_error") == []

        assert await call_from(client, BAD, "GET", "/api/users", token=mate.token) == (401, error("You are IP banned."))
        assert (await call_from(client, ELSEWHERE, "GET", "/api/users", token=mate.token))[0] == 200
        again = await socket_from(server.url, BAD, mate.token)
        assert again.received("user:authenticate_error")[0] == {"message": "You are IP banned.", "data": kicked["data"]}
        await again.wait_disconnected()
        assert await call_from(
            client,
            BAD,
            "POST",
            "/api/users/register",
            {"email": "new@example.com", "username": "newbie", "password": "secret pass"},
        ) == (401, error("You are IP banned."))
        await User.filter(id=int(mate.id)).update(badges=FOUNDER)  # founders pass IP bans
        assert (await call_from(client, BAD, "GET", "/api/users", token=mate.token))[0] == 200
        assert [row.ip_address for row in await IpBan.all()] == [BAD]
        assert await AuditEntry.filter(action_type=8, user_id=int(target.id)).exists()
    finally:
        await mate_socket.close()
        await other_socket.close()


async def test_without_ip_ban_the_address_stays_open(make_app):
    app = make_app(**TRUST_PROXY)
    async with app.test_app():
        client = app.test_client()
        mod, target, mate = (
            await person_at(client, ELSEWHERE),
            await person_at(client, BAD),
            await person_at(client, BAD),
        )
        from core.identity.models import User

        await User.filter(id=int(mod.id)).update(badges=2)
        assert (
            await call_from(
                client,
                ELSEWHERE,
                "POST",
                "/api/moderation/users/suspend",
                pw(userIds=[target.id], days=1, reason="spam"),
                mod.token,
            )
        )[0] == 200
        assert (await call_from(client, BAD, "GET", "/api/users", token=mate.token))[0] == 200
        assert not await IpBan.exists()
        assert (await call_from(client, BAD, "GET", "/api/users", token=target.token))[0] == 401
