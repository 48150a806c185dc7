"""A server's avatar and banner are uploaded to ``/cdn/<avatars|profile_banners>/<serverId>``
(rest.md §13): the servers plugin vouches for that group to the kernel (``hearth_upload_groups``)
only for someone who may change the server (owner or ADMIN)."""

from core.cdn.models import CdnFile
from plugins.servers.permissions import ADMIN, MANAGE_CHANNELS
from tests.core.uploads import upload_raw
from tests.plugins.accounts.helpers import ping, png_bytes
from tests.plugins.messages.helpers import error, member
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import upload_file


async def test_who_may_upload_a_servers_pictures(client):
    place = await community(client)
    admin, channel_manager, plain = await join(client, place), await join(client, place), await join(client, place)
    await role_with(client, place, ADMIN, admin)
    await role_with(client, place, MANAGE_CHANNELS, channel_manager)
    outsider = await member()
    for person in (place.owner, admin):
        for kind in ("avatars", "profile_banners"):
            status, body = await upload_file(client, person.token, kind, place.id, png_bytes())
            assert status == 200, body
    for person in (channel_manager, plain, outsider):
        for kind in ("avatars", "profile_banners"):
            assert await upload_file(client, person.token, kind, place.id, png_bytes()) == (
                403,
                error("You may not upload files to this group."),
            ), kind
    assert await upload_file(client, place.owner.token, "avatars", "123456789", png_bytes()) == (
        403,
        error("You may not upload files to this group."),
    )
    assert await CdnFile.filter(group_id=place.id).count() == 4


async def test_a_picture_uploaded_for_one_server_is_not_another_servers(client):
    place, other = await community(client), await community(client)
    await join(client, other, place.owner)
    await role_with(client, other, ADMIN, place.owner)
    _, body = await upload_file(client, place.owner.token, "avatars", other.id, png_bytes())
    response = await client.post(
        f"/api/servers/{place.id}", json={"avatarId": body["fileId"]}, headers={"Authorization": place.owner.token}
    )
    assert (response.status_code, await response.get_json()) == (
        403,
        error("This file was uploaded for something else."),
    )


async def test_the_new_avatar_reaches_the_members_and_nobody_else(live_client, sockets):
    place = await community(live_client)
    fan = await join(live_client, place)
    outsider = await member()
    fan_socket, outsider_socket = await sockets(fan.token), await sockets(outsider.token)
    status, body = await upload_file(
        live_client, place.owner.token, "avatars", place.id, png_bytes((20, 20)), points=[0, 0, 10, 10]
    )
    assert status == 200, body
    updated = await ok(live_client, "POST", f"/api/servers/{place.id}", {"avatarId": body["fileId"]}, place.owner.token)
    path = f"avatars/{place.id}/{body['fileId']}.png"
    assert updated == {"avatar": path}
    assert await fan_socket.wait_for("server:updated") == {"serverId": place.id, "updated": {"avatar": path}}
    served = await live_client.get(f"/cdn/{path}")
    assert served.status_code == 200
    await ping(live_client, outsider, outsider_socket)  # a barrier: anything sent before it has arrived
    assert outsider_socket.received("server:updated") == []


async def test_a_servers_pictures_sent_as_the_raw_body_with_points(client):
    # the protocol's current web client: the file as the body, Content-Type and File-Name
    place = await community(client)
    plain = await join(client, place)
    for kind, field in (("avatars", "avatarId"), ("profile_banners", "bannerId")):
        status, body = await upload_raw(
            client, place.owner.token, kind, place.id, png_bytes((60, 40)), filename="icon.png", points=[10, 0, 50, 40]
        )
        assert status == 200, body
        record = await CdnFile.get(id=int(body["fileId"]))
        assert (record.group_id, record.width, record.height) == (place.id, 40, 40)
        updated = await ok(client, "POST", f"/api/servers/{place.id}", {field: body["fileId"]}, place.owner.token)
        assert list(updated.values()) == [record.path]
        assert await upload_raw(client, plain.token, kind, place.id, png_bytes()) == (
            403,
            error("You may not upload files to this group."),
        )
