"""A placeholder author claimed through a one-time link made by the server's owner: the
placeholder's messages and reactions become the real person's."""

from __future__ import annotations

from core.identity.models import User
from plugins.discord_import.models import ClaimLink
from plugins.messages.models import Message, Reaction
from tests.plugins.discord_import.helpers import icall, sample_zip, until_done, upload
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join

USED_OR_OLD = "This claim link was already used or is out of date."


async def imported(client):
    place = await community(client)
    _, planned = await upload(client, place.owner, place.id, sample_zip())
    await icall(client, "POST", f"/api/discord-imports/{planned['id']}/start", place.owner)
    await until_done(client, place.owner, planned["id"])
    return place


async def post(client, path, person=None):
    headers = {"X-Hearth-Features": "discord_import", **({"Authorization": person.token} if person else {})}
    response = await client.post(path, headers=headers)
    return response.status_code, await response.get_json(silent=True)


async def test_the_real_person_claims_their_messages(client):
    place = await imported(client)
    status, authors = await icall(client, "GET", f"/api/discord-imports/servers/{place.id}/authors", place.owner)
    assert status == 200 and sorted(a["username"] for a in authors) == ["Ada Lovelace", "Bruno", "chen"]
    ada_placeholder = next(a for a in authors if a["username"] == "Ada Lovelace")
    wrote = await Message.filter(created_by_id=int(ada_placeholder["id"])).count()
    reacted = await Reaction.filter(user_id=int(ada_placeholder["id"])).count()
    assert (wrote, reacted) == (1, 1)

    status, link = await post(
        client, f"/api/discord-imports/servers/{place.id}/authors/{ada_placeholder['id']}/claim-link", place.owner
    )
    assert status == 200 and link["url"].endswith(f"/app/claim-imported/{link['token']}")
    ada = await member()
    assert await post(client, f"/api/discord-imports/claims/{link['token']}") == (401, error("No token provided."))
    status, claimed = await post(client, f"/api/discord-imports/claims/{link['token']}", ada)
    assert status == 200 and claimed == {"serverId": place.id, "messages": 1}
    assert await Message.filter(created_by_id=int(ada.id)).count() == 1
    assert await Reaction.filter(user_id=int(ada.id)).count() == 1
    assert not await User.exists(id=int(ada_placeholder["id"]))
    assert await post(client, f"/api/discord-imports/claims/{link['token']}", ada) == (404, error(USED_OR_OLD))
    assert not await ClaimLink.exists()


async def test_only_the_owner_makes_links_and_only_for_placeholders(client):
    place = await imported(client)
    someone = await join(client, place)
    _, authors = await icall(client, "GET", f"/api/discord-imports/servers/{place.id}/authors", place.owner)
    path = f"/api/discord-imports/servers/{place.id}/authors/{authors[0]['id']}/claim-link"
    assert await post(client, path, someone) == (403, error("Only the server's owner can import into it."))
    assert await icall(client, "GET", f"/api/discord-imports/servers/{place.id}/authors", someone) == (
        403,
        error("Only the server's owner can import into it."),
    )
    not_one = f"/api/discord-imports/servers/{place.id}/authors/{someone.id}/claim-link"
    assert await post(client, not_one, place.owner) == (
        404,
        error("This user is not an imported author of this server."),
    )
    assert await post(client, "/api/discord-imports/claims/made-up", someone) == (404, error(USED_OR_OLD))
