"""The composer's pickers (issue 33): ``@`` lists the server's members and, for whoever may, roles
and @everyone; ``#`` lists the channels one can see. A picked mention is sent as the wire's markup
and pings its person (the channel's mention badge, a pop-up with the mention sound); the same name
typed by hand is plain text and pings nobody. A picked ``#channel`` and role show as chips and the
role pings its holder. Three files dropped at once go as three messages that reach the other user.
Screens at 1280 px, 390 px and in Arabic (right to left)."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.e2e.test_notifications_flow import RECORDER, count
from tests.plugins.messages.helpers import member, sent
from tests.plugins.servers.helpers import Community, join, ok, role_with
from tests.support import call


async def a_server(client):
    """Ada's server with Bob and Carol in it, and a second channel, #news."""
    ada, bob, carol = await member(username="ada"), await member(username="bob"), await member(username="carol")
    server = await ok(client, "POST", "/api/servers", {"name": "Hearthside"}, ada.token)
    place = Community(owner=ada, server=server)
    await join(client, place, bob)
    await join(client, place, carol)
    news = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "news"}, ada.token)
    return place, ada, bob, carol, news["id"]


def badge(page, channel: str, mentions: int):
    return page.get_by_test_id("channel-item").filter(has_text=channel).get_by_label(f"Mentions: {mentions}")


async def open_channel(page, url, place, channel_id):
    await page.goto(f"{url}/app/servers/{place.id}/{channel_id}")
    composer = page.get_by_role("textbox", name="Message")
    await expect(composer).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    return composer


async def test_a_picked_mention_pings_and_a_typed_one_does_not(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, carol, news = await a_server(client)
    # Bob hears only mentions from this server: any pop-up or sound below is a mention.
    await ok(client, "POST", "/api/users/notifications", {"serverId": place.id, "notificationPingMode": 1}, bob.token)
    url = live_server.url
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    await page_b.context.add_init_script(RECORDER)
    await open_channel(page_b, url, place, news)  # Bob reads #news; the mentions come in #General
    composer = await open_channel(page_a, url, place, place.general)

    await composer.press_sequentially("hello @bo")
    suggestions = page_a.get_by_role("listbox", name="Mention suggestions")
    await expect(suggestions.get_by_role("option")).to_have_count(1)
    await expect(suggestions.get_by_role("option")).to_contain_text("bob")
    await snapshot(page_a, "mention-picker-1280.png")
    await composer.press("Enter")  # picks; a second Enter sends
    await expect(suggestions).to_have_count(0)
    await expect(composer).to_have_value("hello @bob ")
    await expect(page_a.locator(".markup-textarea__chip")).to_have_text("@bob")
    await composer.press_sequentially("how are you?")
    await composer.press("Enter")
    mine = page_a.get_by_test_id("message").filter(has_text="how are you?")
    await expect(mine.locator(".markup__mention")).to_have_text("@bob")

    await expect(badge(page_b, "General", 1)).to_be_visible()
    toast = page_b.get_by_test_id("notification-toast")
    await expect(toast).to_contain_text("hello @bob how are you?")
    await count(page_b, "__sounds", 1)

    # The same name typed by hand (the list closes on the space, nothing is picked): plain text.
    await composer.press_sequentially("@bob ")
    await expect(suggestions).to_have_count(0)
    await composer.press_sequentially("this one is not a mention")
    await expect(page_a.locator(".markup-textarea__chip")).to_have_count(0)
    await composer.press("Enter")
    plain = page_a.get_by_test_id("message").filter(has_text="this one is not a mention")
    await expect(plain).to_be_visible()
    await expect(plain.locator(".markup__mention")).to_have_count(0)
    # A barrier: a message in the channel Bob reads arrives after the one before it.
    await sent(client, carol, news, "barrier")
    await expect(page_b.get_by_test_id("message").filter(has_text="barrier")).to_be_visible()
    await expect(badge(page_b, "General", 1)).to_be_visible()
    assert await page_b.evaluate("window.__sounds.length") == 1
    await expect(toast).to_have_count(1)

    status, history = await call(client, "GET", f"/api/channels/{place.general}/messages", token=ada.token)
    assert status == 200
    contents = [m["content"] for m in history if m["createdBy"]["id"] == ada.id]
    assert contents[-2:] == [f"hello [@:{bob.id}] how are you?", "@bob this one is not a mention"]
    for person, expected in ((bob, 1), (carol, 0)):
        status, notifications = await call(client, "GET", "/api/users/notifications", token=person.token)
        assert status == 200 and len(notifications) == expected


async def test_channels_and_roles_only_for_those_allowed(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, carol, news = await a_server(client)
    helpers = await role_with(client, place, 2, bob)
    await ok(client, "POST", f"/api/servers/{place.id}/roles/{helpers}", {"name": "Helpers"}, ada.token)
    url = live_server.url
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    await page_b.context.add_init_script(RECORDER)
    await open_channel(page_b, url, place, news)
    composer = await open_channel(page_a, url, place, place.general)

    # The owner may mention roles and everyone.
    await composer.press_sequentially("@")
    suggestions = page_a.get_by_role("listbox", name="Mention suggestions")
    await expect(suggestions.get_by_role("option", name="@Helpers")).to_be_visible()
    await expect(suggestions.get_by_role("option", name="@everyone")).to_be_visible()
    await composer.press("Backspace")
    await composer.press_sequentially("see #ne")
    channels = page_a.get_by_role("listbox", name="Channel suggestions")
    await expect(channels.get_by_role("option")).to_have_text(["#news", "#General"])  # starts with, then holds
    await composer.press("Tab")
    await composer.press_sequentially("@Hel")
    await suggestions.get_by_role("option", name="@Helpers").click()
    await expect(composer).to_have_value("see #news @Helpers ")
    await expect(page_a.locator(".markup-textarea__chip")).to_have_text(["#news", "@Helpers"])
    await composer.press_sequentially("please")
    await composer.press("Enter")
    sent_message = page_a.get_by_test_id("message").filter(has_text="please")
    await expect(sent_message.locator(".markup__mention")).to_have_text(["#news", "@Helpers"])

    # The role pings Bob, who holds it; the channel's chip opens the channel.
    await expect(badge(page_b, "General", 1)).to_be_visible()
    await count(page_b, "__sounds", 1)
    await page_b.get_by_test_id("channel-item").filter(has_text="General").click()
    received = page_b.get_by_test_id("message").filter(has_text="please")
    await expect(received.locator(".markup__mention")).to_have_text(["#news", "@Helpers"])
    await snapshot(page_b, "mention-chips-in-message-1280.png")
    await received.get_by_role("button", name="#news").click()
    await page_b.wait_for_url(f"{url}/app/servers/{place.id}/{news}")

    # Bob has neither MENTION_ROLES nor MENTION_EVERYONE: people only.
    bob_composer = page_b.get_by_role("textbox", name="Message")
    await bob_composer.press_sequentially("@")
    bob_list = page_b.get_by_role("listbox", name="Mention suggestions")
    await expect(bob_list.get_by_role("option", name="ada")).to_be_visible()
    await expect(bob_list.get_by_role("option", name="@Helpers")).to_have_count(0)
    await expect(bob_list.get_by_role("option", name="@everyone")).to_have_count(0)
    await snapshot(page_b, "mention-picker-member-1280.png")


async def test_three_files_dropped_at_once_reach_the_other_user(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, _carol, _news = await a_server(client)
    url = live_server.url
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    await open_channel(page_b, url, place, place.general)
    composer = await open_channel(page_a, url, place, place.general)

    files = await page_a.evaluate_handle(
        """() => {
          const data = new DataTransfer();
          for (const name of ["one.txt", "two.txt", "three.txt"]) data.items.add(new File([`the ${name}`], name, { type: "text/plain" }));
          return data;
        }"""
    )
    await page_a.dispatch_event("section.message-pane", "dragover", {"dataTransfer": files})
    await page_a.dispatch_event("section.message-pane", "drop", {"dataTransfer": files})
    tray = page_a.get_by_test_id("composer-files")
    await expect(tray.locator(".composer__file-name")).to_have_text(["one.txt", "two.txt", "three.txt"])
    await expect(tray.get_by_role("button", name="Remove two.txt")).to_be_visible()
    await composer.fill("three files")
    await snapshot(page_a, "composer-three-files-1280.png")
    await composer.press("Enter")
    await expect(tray).to_have_count(0)

    arrived = page_b.locator(".attachment__name")
    await expect(arrived).to_have_text(["one.txt", "two.txt", "three.txt"])
    await snapshot(page_b, "three-files-received-1280.png")
    await expect(
        page_b.get_by_test_id("message").filter(has_text="three files").locator(".attachment__name")
    ).to_have_text("one.txt")
    status, history = await call(client, "GET", f"/api/channels/{place.general}/messages", token=bob.token)
    assert status == 200
    mine = [m for m in history if m["createdBy"]["id"] == ada.id]
    assert [(m["content"], len(m["attachments"])) for m in mine] == [("three files", 1), ("", 1), ("", 1)]


async def test_a_post_mentions_someone_found_through_the_user_search(live_server, signed_in):
    client = live_server.app.quart.test_client()
    ada, bob = await member(username="ada"), await member(username="bobbie")
    page = await signed_in(ada)
    await page.goto(f"{live_server.url}/app")
    composer = page.get_by_test_id("post-composer")
    text = composer.get_by_label("Write a post")
    await expect(text).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await text.press_sequentially("thanks @bob")
    found = page.get_by_role("listbox", name="Mention suggestions").get_by_role("option")
    await expect(found).to_have_count(1)
    await expect(found).to_contain_text("bobbie")
    await text.press("Enter")
    await expect(text).to_have_value("thanks @bobbie ")
    await snapshot(page, "post-mention-1280.png")
    await text.press_sequentially("for the help")
    await composer.get_by_role("button", name="Post", exact=True).click()
    written = page.get_by_test_id("post").filter(has_text="for the help")
    await expect(written.locator(".markup__mention")).to_have_text("@bobbie")
    status, notifications = await call(client, "GET", "/api/posts/notifications", token=bob.token)
    assert status == 200 and [n["type"] for n in notifications] == [4]  # MENTIONED


async def test_pickers_on_a_phone_and_right_to_left(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, _carol, news = await a_server(client)
    url = live_server.url
    phone = await signed_in(ada, width=390)
    composer = await open_channel(phone, url, place, place.general)
    await composer.press_sequentially("@b")
    await expect(phone.get_by_role("listbox", name="Mention suggestions").get_by_role("option")).to_have_count(1)
    await snapshot(phone, "mention-picker-390.png")
    await composer.press("Enter")
    await composer.press_sequentially("#new")
    # "#n" and "#ne" would also offer #General (inner matches); Enter picks only once the list shows the one match
    channels = phone.get_by_role("listbox", name="Channel suggestions").get_by_role("option")
    await expect(channels).to_have_count(1)
    await expect(channels).to_contain_text("news")
    await composer.press("Enter")
    await expect(phone.locator(".markup-textarea__chip")).to_have_text(["@bob", "#news"])
    await snapshot(phone, "mention-chips-390.png")
    picked = [{"name": f"picture-{n}.txt", "mimeType": "text/plain", "buffer": b"x" * n} for n in (1, 2, 3)]
    await phone.get_by_test_id("composer-file-input").set_input_files(picked)
    await expect(phone.get_by_test_id("composer-files").locator(".composer__file")).to_have_count(3)
    await snapshot(phone, "composer-files-390.png")

    arabic = await signed_in(bob)
    await arabic.context.add_init_script("localStorage.setItem('appLanguage', 'ar-ps')")
    composer = await open_channel_by_role(arabic, url, place, place.general)
    await composer.press_sequentially("@ad")  # "@a" also offers Carol (an inner match)
    await expect(arabic.get_by_role("listbox", name="اقتراحات الإشارة").get_by_role("option")).to_have_count(1)
    await snapshot(arabic, "mention-picker-ar-ps-1280.png")
    await composer.press("Enter")
    await expect(arabic.locator(".markup-textarea__chip")).to_have_text("@ada")
    await snapshot(arabic, "mention-chips-ar-ps-1280.png")
    assert news


async def open_channel_by_role(page, url, place, channel_id):
    """The channel in whatever language: the composer is the page's only textarea."""
    await page.goto(f"{url}/app/servers/{place.id}/{channel_id}")
    composer = page.locator("textarea.composer__input")
    await expect(composer).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    return composer
