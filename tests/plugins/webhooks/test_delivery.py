"""Who receives ``message:created`` for an executed webhook (realtime.md, rest.md §17.1)."""

from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community, join, ok, private_channel
from tests.plugins.webhooks.helpers import execute, execute_path, make_webhook


async def test_channel_members_receive_it_and_nobody_without_access(live_client, sockets):
    place = await community(live_client)
    staff = await private_channel(live_client, place)
    person = await join(live_client, place)
    stranger = await community(live_client, "Elsewhere")
    probe = await sockets(person.token)
    owner_probe = await sockets(place.owner.token)
    stranger_probe = await sockets(stranger.owner.token)

    public_path = await execute_path(live_client, place, await make_webhook(live_client, place))
    staff_hook = await make_webhook(live_client, place, staff)
    staff_path = await execute_path(live_client, place, staff_hook)

    status, hidden = await execute(live_client, staff_path, {"content": "staff only"})
    assert status == 200
    assert (await owner_probe.wait_for("message:created"))["message"]["id"] == hidden["id"]
    status, visible = await execute(live_client, public_path, {"content": "deploy done", "username": "Deployer"})
    assert status == 200

    event = await probe.wait_for("message:created")
    assert event == {"message": visible, "member": None, "serverId": place.id}
    assert event["message"]["createdBy"]["username"] == "Deployer" and event["message"]["createdById"] is None
    # a later message the member can see: everything before it has arrived
    barrier = await sent(live_client, place.owner, place.general, "barrier")
    await probe.wait_for("message:created", count=2)
    ids = [data["message"]["id"] for data in probe.received("message:created")]
    assert ids == [visible["id"], barrier["id"]] and hidden["id"] not in str(probe.events)
    assert stranger_probe.received("message:created") == []
    await ok(live_client, "GET", f"/api/channels/{staff}/messages", token=place.owner.token)
