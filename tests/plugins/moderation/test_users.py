"""Users as moderators see them (rest.md §8.2): the list with filters, order and paging,
search, online users, a user's page (less for MODs), the edit form, users on the same address."""

from core.identity.models import Account, User
from plugins.moderation.models import AuditEntry
from tests.plugins.accounts.helpers import assert_kicked
from tests.plugins.messages.helpers import error, member
from tests.plugins.moderation.helpers import ADMIN, FOUNDER, MOD, ok, pw, staff, suspend
from tests.plugins.servers.helpers import community, join
from tests.support import TEST_CLIENT_ADDRESS, call


async def test_the_list_filters_orders_and_pages(client):
    anna, bob = await member(username="anna"), await member(username="bob")
    mod = await staff(client, MOD, username="moddy")
    admin = await staff(client, ADMIN, username="zed")
    await User.filter(id=int(bob.id)).update(bot=True)
    await suspend(client, admin, anna)
    newest_first = await ok(client, "GET", "/api/moderation/users", token=mod.token)
    assert [u["id"] for u in newest_first] == [admin.id, mod.id, bob.id, anna.id]
    assert set(newest_first[0]) == {
        "id",
        "username",
        "tag",
        "joinedAt",
        "bot",
        "badges",
        "hexColor",
        "avatar",
        "shadowBan",
        "suspension",
    }
    by_name = await ok(client, "GET", "/api/moderation/users?orderBy=username&order=asc", token=mod.token)
    assert [u["username"] for u in by_name] == ["anna", "bob", "moddy", "zed"]
    page_two = await ok(
        client, "GET", f"/api/moderation/users?orderBy=username&order=asc&after={bob.id}&limit=1", token=mod.token
    )
    assert [u["username"] for u in page_two] == ["moddy"]
    assert [
        u["id"]
        for u in await ok(client, "GET", f"/api/moderation/users?order=asc&after={anna.id}&limit=2", token=mod.token)
    ] == [bob.id, mod.id]
    either = await ok(client, "GET", "/api/moderation/users?filters=bot&filters=suspension", token=mod.token)
    assert [u["id"] for u in either] == [bob.id, anna.id]
    assert either[1]["suspension"]["reason"] == "spam" and either[0]["suspension"] is None
    assert await ok(client, "GET", "/api/moderation/users?filters=shadowBan", token=mod.token) == []
    assert len(await ok(client, "GET", "/api/moderation/users?limit=500", token=mod.token)) == 4


async def test_search_by_name_tag_id_server_and_for_admins_email(client):
    alice, other = await member(username="alice"), await member(username="zoe")
    place = await community(client)
    await join(client, place, other)
    mod, admin = await staff(client, MOD), await staff(client, ADMIN)

    async def found(q, who=mod):
        return [u["id"] for u in await ok(client, "GET", f"/api/moderation/users/search?q={q}", token=who.token)]

    assert await found("ALI") == [alice.id]
    assert alice.id in await found(alice.tag)
    assert await found(other.id) == [other.id]
    assert set(await found(place.id)) == {other.id, place.owner.id}
    assert await found(alice.email) == []  # MODs never search e-mails or addresses
    assert await found(alice.email, admin) == [alice.id]
    assert await found("") == []


async def test_a_users_page(client):
    target = await member()
    place = await community(client)
    await join(client, place, target)
    mod, admin, founder = await staff(client, MOD), await staff(client, ADMIN), await staff(client, FOUNDER)
    await suspend(client, admin, target, days=5, reason="rude")
    as_admin = await ok(client, "GET", f"/api/moderation/users/{target.id}", token=admin.token)
    assert as_admin["id"] == target.id and as_admin["status"] is not None and as_admin["inventory"] == []
    assert as_admin["suspension"]["reason"] == "rude" and as_admin["suspension"]["suspendBy"]["id"] == admin.id
    assert as_admin["account"]["email"] == target.email and as_admin["account"]["suspendCount"] == 1
    assert as_admin["account"]["emailConfirmed"] is True and as_admin["account"]["warnCount"] == 0
    assert [s["id"] for s in as_admin["servers"]] == [place.id]
    assert as_admin["devices"] and all("ipAddress" in d for d in as_admin["devices"])
    assert as_admin["shadowBan"] is None and as_admin["application"] is None

    as_mod = await ok(client, "GET", f"/api/moderation/users/{target.id}", token=mod.token)
    assert "email" not in as_mod["account"] and all("ipAddress" not in d for d in as_mod["devices"])
    assert await call(client, "GET", f"/api/moderation/users/{admin.id}", token=mod.token) == (403, error("No Access!"))
    assert await call(client, "GET", f"/api/moderation/users/{founder.id}", token=mod.token) == (
        403,
        error("No Access!"),
    )
    assert (await call(client, "GET", f"/api/moderation/users/{founder.id}", token=admin.token))[0] == 200
    assert await call(client, "GET", "/api/moderation/users/123", token=admin.token) == (404, error("User not found."))


async def test_editing_a_user(live_client, sockets):
    target, other = await member(), await member()
    admin = await staff(live_client)
    path = f"/api/moderation/users/{target.id}"
    assert await call(live_client, "POST", path, pw(username=other.username, tag=other.tag), token=admin.token) == (
        403,
        error("Someone already has this combination of tag and username."),
    )
    assert await call(
        live_client, "POST", path, pw(addedInventoryItems=[{"itemType": "badge", "itemId": "1"}]), token=admin.token
    ) == (403, error("You cannot modify the Founder badge."))
    assert await call(live_client, "POST", "/api/moderation/users/123", pw(username="x"), token=admin.token) == (
        404,
        error("User does not exist."),
    )
    probe = await sockets(target.token)
    updated = await ok(
        live_client,
        "POST",
        path,
        pw(
            username="renamed",
            tag="ABCD",
            email="New@Example.com",
            newPassword="brand new pass",
            emailConfirmed=False,
            addedInventoryItems=[{"itemType": "badge", "itemId": "8"}],
        ),
        admin.token,
    )
    assert (updated["username"], updated["tag"], updated["badges"]) == ("renamed", "ABCD", 8)
    assert updated["account"] == {"email": "new@example.com"} and "profile" in updated
    await assert_kicked(probe, "Invalid Token")
    assert await call(live_client, "GET", "/api/users", token=target.token) == (401, error("Invalid token."))
    status, _ = await call(
        live_client, "POST", "/api/users/login", {"email": "new@example.com", "password": "brand new pass"}
    )
    assert status == 200
    account = await Account.get(user_id=int(target.id))
    assert account.email_confirmed is True  # any value sent confirms
    assert await AuditEntry.filter(action_type=2, user_id=int(target.id)).count() == 1


async def test_users_on_the_same_address(client):
    # the test client is one address for everybody
    target, neighbour = await member(ip=TEST_CLIENT_ADDRESS), await member(ip=TEST_CLIENT_ADDRESS)
    admin_neighbour = await staff(client, ADMIN, ip=TEST_CLIENT_ADDRESS)
    mod = await staff(client, MOD)
    ids = [
        u["id"]
        for u in await ok(client, "GET", f"/api/moderation/users/{target.id}/users-with-same-ip", token=mod.token)
    ]
    assert target.id not in ids and neighbour.id in ids and admin_neighbour.id not in ids
    assert admin_neighbour.id in [
        u["id"]
        for u in await ok(
            client, "GET", f"/api/moderation/users/{target.id}/users-with-same-ip", token=admin_neighbour.token
        )
    ]
    first = (await ok(client, "GET", f"/api/moderation/users/{target.id}/users-with-same-ip?limit=1", token=mod.token))[
        0
    ]
    assert set(first) == {"id", "username", "tag", "joinedAt", "hexColor", "avatar", "suspension", "bot", "badges"}
    assert await call(client, "GET", "/api/moderation/users/123/users-with-same-ip", token=mod.token) == (
        404,
        error("User does not exist."),
    )


async def test_online_users_are_those_with_a_live_socket(live_client, sockets):
    online, offline, mod = await member(), await member(), await staff(live_client, MOD)
    await sockets(online.token)
    await sockets(mod.token)
    listed = await ok(live_client, "GET", "/api/moderation/online-users?sort=asc", token=mod.token)
    assert [u["id"] for u in listed] == [online.id, mod.id]
    assert set(listed[0]) == {"id", "username", "tag", "joinedAt", "hexColor", "bot", "avatar", "badges"}
    assert offline.id not in [u["id"] for u in listed]
    assert [u["id"] for u in await ok(live_client, "GET", "/api/moderation/online-users", token=mod.token)] == [
        mod.id,
        online.id,
    ]


async def test_the_inventory_is_the_users_badges_and_removing_an_item_clears_its_badge(client):
    target = await member()
    admin = await staff(client)
    path = f"/api/moderation/users/{target.id}"
    await ok(
        client,
        "POST",
        path,
        pw(addedInventoryItems=[{"itemType": "badge", "itemId": "8"}, {"itemType": "badge", "itemId": "128"}]),
        admin.token,
    )
    page = await ok(client, "GET", path, token=admin.token)
    assert sorted(item["itemId"] for item in page["inventory"]) == ["128", "8"]
    assert await ok(client, "GET", "/api/users/inventory", token=target.token) == page["inventory"]

    eight = next(item["id"] for item in page["inventory"] if item["itemId"] == "8")
    updated = await ok(client, "POST", path, pw(removedInventoryIds=[eight]), admin.token)
    assert updated["badges"] == 128
    assert [i["itemId"] for i in (await ok(client, "GET", path, token=admin.token))["inventory"]] == ["128"]
