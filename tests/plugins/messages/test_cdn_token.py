"""``POST /channels/:channelId/cdn/token`` (rest.md §3.21): an upload token bound to the caller
and to one channel the caller can view (CHV, as every channel route checks it), in the one
``cdn_token`` bucket it shares with ``POST /cdn/token`` (§13)."""

from core.cdn.models import CdnFile
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.messages.helpers import dm_pair, error, member
from tests.plugins.servers.helpers import community, join, private_channel
from tests.support import call, new_person, upload_file


async def test_a_channel_token_uploads_that_channels_attachments_and_nothing_else(client):
    alice, bob, channel_id = await dm_pair(client)
    status, body = await call(client, "POST", f"/api/channels/{channel_id}/cdn/token", token=alice.token)
    assert status == 200 and list(body) == ["token"]
    status, body = await upload_file(client, alice.token, "attachments", channel_id, png_bytes(), channel_id=channel_id)
    assert status == 200, body
    record = await CdnFile.get(id=int(body["fileId"]))
    assert (record.kind, record.group_id, record.uploader_id) == ("attachments", channel_id, int(alice.id))

    _, _, other_channel = await dm_pair(client)
    for kind, group in (("attachments", other_channel), ("attachments", alice.id)):
        assert await upload_file(client, alice.token, kind, group, png_bytes(), channel_id=channel_id) == (
            403,
            error("You may not upload files to this group."),
        ), (kind, group)
    for kind in ("avatars", "profile_banners"):
        assert await upload_file(client, alice.token, kind, alice.id, png_bytes(), channel_id=channel_id) == (
            403,
            error("A channel upload token is only for that channel's attachments."),
        )
    # a plain token does not reach a channel's folder either
    assert await upload_file(client, alice.token, "attachments", channel_id, png_bytes()) == (
        403,
        error("You may not upload files to this group."),
    )
    assert await CdnFile.all().count() == 1


async def test_channel_view_access_is_checked_as_every_channel_route_checks_it(client):
    place = await community(client)
    fan = await join(client, place)
    outsider = await member()
    staff = await private_channel(client, place)
    _, _, dm_channel = await dm_pair(client)
    cases = (
        (fan, staff, "This channel is private."),
        (outsider, place.general, None),
        (outsider, dm_channel, None),
        (fan, "123456789", None),
        (fan, "not-an-id", None),
    )
    for person, channel_id, message in cases:
        status, body = await call(client, "POST", f"/api/channels/{channel_id}/cdn/token", token=person.token)
        assert (status, body) == await call(client, "GET", f"/api/channels/{channel_id}/messages", token=person.token)
        assert status == 403 and (message is None or body == error(message)), (channel_id, body)
    assert (await call(client, "POST", f"/api/channels/{staff}/cdn/token", token=place.owner.token))[0] == 200
    assert await call(client, "POST", f"/api/channels/{place.general}/cdn/token") == (401, error("No token provided."))


async def test_both_token_routes_share_one_bucket_of_five_per_30_seconds(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        alice, bob, channel_id = await dm_pair(client)
        statuses = [
            (await call(client, "POST", path, token=alice.token))[0]
            for path in ["/api/cdn/token"] * 3 + [f"/api/channels/{channel_id}/cdn/token"] * 2
        ]
        assert statuses == [200] * 5
        for path in ("/api/cdn/token", f"/api/channels/{channel_id}/cdn/token"):
            status, body = await call(client, "POST", path, token=alice.token)
            assert status == 429 and body["message"] == "Slow down!" and 0 < body["ttl"] <= 30_000
        assert (await call(client, "POST", "/api/cdn/token", token=bob.token))[0] == 200  # per user
        other = await new_person()
        assert (await call(client, "POST", "/api/cdn/token", token=other.token))[0] == 200
