"""Each filter of the search box, typed into ``q``: from:, mentions:, in:, has:, before:, after:,
during:, pinned:, "phrases" and -word, and prefix matching of the last word."""

from datetime import UTC, datetime, timedelta

from core.ids import EPOCH_MS
from plugins.messages.models import CONTENT, Message
from plugins.search import index
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.messages.helpers import sent
from tests.plugins.search.helpers import contents
from tests.plugins.servers.helpers import community, join, ok
from tests.support import upload_file


async def place_with_two_members(client):
    place = await community(client)
    ada = await join(client, place)
    bob = await join(client, place)
    return place, ada, bob


async def in_server(client, person, place, q, **params):
    return await contents(client, person, q, scope="server", serverId=place.id, sort="newest", **params)


async def test_from_takes_a_username_a_username_and_tag_or_an_id(client):
    place, ada, bob = await place_with_two_members(client)
    await sent(client, ada, place.general, "tea from ada")
    await sent(client, bob, place.general, "tea from bob")
    assert await in_server(client, bob, place, f"tea from:{ada.username}") == ["tea from ada"]
    assert await in_server(client, bob, place, f"tea from:@{ada.username.upper()}") == ["tea from ada"]
    assert await in_server(client, bob, place, f"from:{bob.id}") == ["tea from bob"]
    assert await in_server(client, bob, place, f"tea from:{ada.username} from:{bob.username}") == [
        "tea from bob",
        "tea from ada",
    ]
    assert await in_server(client, bob, place, "tea from:nobody_here") == []


async def test_mentions_finds_messages_naming_the_user(client):
    place, ada, bob = await place_with_two_members(client)
    await sent(client, ada, place.general, f"lunch [@:{bob.id}]?")
    await sent(client, ada, place.general, "lunch alone")
    assert await in_server(client, ada, place, f"lunch mentions:{bob.username}") == [f"lunch [@:{bob.id}]?"]
    assert await in_server(client, ada, place, f"mentions:{ada.username}") == []


async def test_in_narrows_to_a_channel_by_name_or_id(client):
    place, ada, _ = await place_with_two_members(client)
    other = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "garden"}, place.owner.token)
    await sent(client, place.owner, other["id"], "roses in the garden")
    await sent(client, place.owner, place.general, "roses in general")
    assert await in_server(client, ada, place, "roses in:#Garden") == ["roses in the garden"]
    assert await in_server(client, ada, place, f"roses in:{place.general}") == ["roses in general"]
    assert await in_server(client, ada, place, "roses in:nowhere") == []


async def test_has_file_image_link_embed_and_poll(client):
    place, ada, _ = await place_with_two_members(client)
    channel = place.general
    for name, data in (("cat.png", png_bytes()), ("notes.txt", b"plain words")):
        status, upload = await upload_file(
            client, ada.token, "attachments", channel, data, filename=name, channel_id=channel
        )
        assert status == 200, upload
        await sent(client, ada, channel, f"report {name}", nerimityCdnFileId=upload["fileId"])
    await sent(client, ada, channel, "report https://example.com/page")
    await sent(client, ada, channel, "report with a card", htmlEmbed="<div>card</div>")
    await sent(client, ada, channel, "report plain")
    assert await in_server(client, ada, place, "report has:file") == ["report notes.txt", "report cat.png"]
    assert await in_server(client, ada, place, "report has:image") == ["report cat.png"]
    assert await in_server(client, ada, place, "report has:link") == ["report https://example.com/page"]
    assert await in_server(client, ada, place, "report has:embed") == ["report with a card"]
    assert await in_server(client, ada, place, "report has:poll") == []
    assert await in_server(client, ada, place, "has:file has:image") == ["report cat.png"]


async def old_message(channel_id: str, author_id: str, content: str, at: datetime) -> None:
    """A message written long ago (imported history): its id carries its time."""
    flake = (int(at.timestamp() * 1000) - EPOCH_MS) << 22
    await Message.create(
        id=flake, channel_id=int(channel_id), type=CONTENT, content=content, created_by_id=int(author_id), created_at=at
    )


async def test_before_after_and_during_read_days_in_utc(client):
    place, ada, _ = await place_with_two_members(client)
    await old_message(place.general, ada.id, "harvest early", datetime(2024, 5, 1, 10, tzinfo=UTC))
    await old_message(place.general, ada.id, "harvest late", datetime(2024, 5, 2, 23, 30, tzinfo=UTC))
    await sent(client, ada, place.general, "harvest now")
    today = datetime.now(UTC).date()
    assert await in_server(client, ada, place, "harvest during:2024-05-02") == ["harvest late"]
    assert await in_server(client, ada, place, "harvest before:2024-05-02") == ["harvest early"]
    assert await in_server(client, ada, place, "harvest after:2024-05-01") == ["harvest now", "harvest late"]
    assert await in_server(client, ada, place, f"harvest after:{today - timedelta(days=1)}") == ["harvest now"]
    assert await in_server(client, ada, place, "harvest after:2024-05-01 before:2024-05-03") == ["harvest late"]


async def test_pinned(client):
    place, ada, _ = await place_with_two_members(client)
    kept = await sent(client, ada, place.general, "rule one")
    await sent(client, ada, place.general, "rule two")
    await ok(client, "POST", f"/api/channels/{place.general}/messages/pins/{kept['id']}", token=place.owner.token)
    assert await in_server(client, ada, place, "rule pinned:true") == ["rule one"]
    assert await in_server(client, ada, place, "rule pinned:false") == ["rule two"]


async def test_phrases_excluded_words_and_the_last_word_as_a_prefix(client):
    place, ada, _ = await place_with_two_members(client)
    for text in ("the big red dog", "the big cat", "big and red", "a bigger dog"):
        await sent(client, ada, place.general, text)
    assert await in_server(client, ada, place, '"big red"') == ["the big red dog"]
    assert await in_server(client, ada, place, "big -dog ") == ["big and red", "the big cat"]
    assert await in_server(client, ada, place, 'big -"red dog" ') == ["big and red", "the big cat"]
    # the last word, still being typed, matches as a prefix; followed by a space it is whole
    assert await in_server(client, ada, place, "dog big") == ["a bigger dog", "the big red dog"]
    assert await in_server(client, ada, place, "dog big ") == ["the big red dog"]
    # words are whole words (a search engine's, not the reference route's substrings)
    assert await in_server(client, ada, place, "igge ") == []


async def test_a_last_word_typed_finds_every_longer_word_it_begins_however_many(client):
    # SQLite matches a last word that begins few indexed words as their OR and one that begins
    # more than index.EXPANDED as a prefix (index.longer_words): the same messages either way
    place, ada, _ = await place_with_two_members(client)
    many = [f"star{letter}x" for letter in "abcdefghijklmnopq"[: index.EXPANDED + 1]]
    for word in ["star", *many, "stop", "upstart"]:
        await sent(client, ada, place.general, f"look {word}")
    found = await in_server(client, ada, place, "look star", limit=50)
    assert found == [f"look {word}" for word in reversed(["star", *many])]
    assert await in_server(client, ada, place, "look stara") == ["look starax"]
    assert await in_server(client, ada, place, "look starax") == ["look starax"]
    assert await in_server(client, ada, place, "look starx") == []
