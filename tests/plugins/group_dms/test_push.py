"""Web Push: a group message reaches every other member's closed tab (plugins/push)."""

from __future__ import annotations

from core.identity.models import User
from tests.plugins.group_dms.helpers import friends_of, group_of, ok
from tests.plugins.messages.helpers import member
from tests.plugins.push.conftest import push_service, settings  # noqa: F401 - the push plugin's fixtures
from tests.plugins.push.helpers import decrypt, sent_out, subscribe


async def test_a_group_message_pushes_to_the_other_members(app, client, push_service):
    ada = await member()
    bob, cid = await friends_of(client, ada, 2)
    gid = (await group_of(client, ada, [bob, cid], name="Climbers"))["channelId"]
    browsers = {p.id: push_service.browser(p.username) for p in (ada, bob, cid)}
    for person in (ada, bob, cid):
        await subscribe(client, person, browsers[person.id])
    await ok(client, "POST", f"/api/channels/{gid}/messages", {"content": "rope?"}, ada)
    await ok(client, "POST", f"/api/channels/{gid}/messages", {"content": "quiet", "silent": True}, ada)
    await sent_out(app)
    assert push_service.to(browsers[ada.id]) == []
    ada_name = (await User.get(id=int(ada.id))).username
    for person in (bob, cid):
        [received] = push_service.to(browsers[person.id])
        assert decrypt(browsers[person.id], received) == {
            "kind": "message",
            "title": f"{ada_name} in Climbers",
            "body": "rope?",
            "url": f"/app/groups/{gid}",
            "tag": f"channel-{gid}",
        }
