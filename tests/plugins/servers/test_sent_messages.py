"""What a message sent to a server channel stores beside itself: the channel's last message
time and the sender's read state, whether it names nobody (stored in one statement) or
mentions someone (stored in a transaction with the mention counters)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from plugins.messages.models import Channel, MentionCounter, Message, ReadState
from tests.plugins.messages.helpers import sent
from tests.plugins.servers.helpers import community, join


def at(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


@pytest.mark.parametrize("names_someone", [False, True], ids=["plain", "with a mention"])
async def test_a_message_moves_the_channel_and_the_senders_read_state(live_client, names_someone):
    place = await community(live_client)
    speaker = await join(live_client, place)
    content = f"hello [@:{place.owner.id}]" if names_someone else "hello"
    first = await sent(live_client, speaker, place.general, content)
    second = await sent(live_client, speaker, place.general, content)

    stored = await Message.get(id=int(second["id"]))
    assert (stored.content, stored.created_by_id, stored.mention_user_ids) == (
        content,
        int(speaker.id),
        [place.owner.id] if names_someone else [],
    )
    channel = await Channel.get(id=int(place.general))
    assert channel.last_messaged_at == at(second["createdAt"]) > at(first["createdAt"])
    seen = await ReadState.filter(user_id=int(speaker.id), channel_id=int(place.general))
    assert len(seen) == 1 and seen[0].last_seen >= at(second["createdAt"])
    counters = await MentionCounter.filter(channel_id=int(place.general)).values_list("user_id", "count")
    assert counters == ([(int(place.owner.id), 2)] if names_someone else [])
