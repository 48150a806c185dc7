"""Forum channels (issue 35): Ada's server has a forum with tags and guidelines; Bob opens it,
writes a post with a tag (the guidelines shown first), filters the list by tag and searches it
by title, shares his post to the feed — the "Shared" mark replaces the button — and finds it in
his feed as a card linking back, which opens the post beside the forum. Pictures at 1280 and
390 px, left to right and in Arabic (right to left)."""

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.e2e.test_accessibility import AXE, readable, violations_on
from tests.e2e.test_context_menus_flow import a_server
from tests.plugins.forums.helpers import forum, post, tag
from tests.plugins.threads.helpers import tcall, tok


async def test_a_forum_post_with_tags_filtered_and_shared_to_the_feed(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, _ = await a_server(client)
    forum_id = await forum(client, place)
    await tok(client, "PATCH", f"/api/forums/{forum_id}", {"guidelines": "Search before you ask."}, ada.token)
    await tag(client, place, forum_id, "bug")
    idea = await tag(client, place, forum_id, "idea")
    await post(client, ada, forum_id, "Dark mode please", [idea])
    url = live_server.url

    page = await signed_in(bob)
    await page.context.add_init_script(path=str(AXE))  # axe-core, as the accessibility test loads it
    await page.goto(f"{url}/app/servers/{place.id}/{forum_id}")
    view = page.get_by_test_id("forum-view")
    await expect(view.get_by_test_id("forum-post").filter(has_text="Dark mode please")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    found = await violations_on(page, "forum")
    assert not found, readable("forum", found)

    # a new post: the guidelines first, then the title, the message and a tag
    await view.get_by_test_id("forum-new-post").click()
    dialog = page.get_by_role("dialog", name="New post")
    await expect(dialog.get_by_test_id("forum-guidelines")).to_contain_text("Search before you ask.")
    await dialog.get_by_role("textbox", name="Title").fill("Printer on fire")
    await dialog.get_by_role("textbox", name="Message").fill("It smokes when I print in colour.")
    await dialog.get_by_role("button", name="bug").click()
    await expect(dialog.get_by_role("button", name="bug")).to_have_attribute("aria-pressed", "true")
    found = await violations_on(page, "forum new post")
    assert not found, readable("forum new post", found)
    await snapshot(page, "forum-new-post-1280.png")
    await dialog.get_by_role("button", name="Post", exact=True).click()
    mine = view.get_by_test_id("forum-post").filter(has_text="Printer on fire")
    await expect(mine).to_be_visible()
    await expect(mine.get_by_text("bug", exact=True)).to_be_visible()
    await expect(view.get_by_test_id("forum-post")).to_have_count(2)

    # filter by a tag, then search by title
    await view.get_by_test_id("forum-tag-filter").filter(has_text="bug").click()
    await expect(view.get_by_test_id("forum-post")).to_have_count(1)
    await expect(mine).to_be_visible()
    await view.get_by_test_id("forum-tag-filter").filter(has_text="bug").click()
    await expect(view.get_by_test_id("forum-post")).to_have_count(2)
    await view.get_by_test_id("forum-search").fill("dark")
    await expect(view.get_by_test_id("forum-post")).to_have_count(1)
    await expect(view.get_by_test_id("forum-post").filter(has_text="Dark mode please")).to_be_visible()
    await view.get_by_test_id("forum-search").fill("")
    await expect(view.get_by_test_id("forum-post")).to_have_count(2)
    await snapshot(page, "forum-view-1280.png")

    # share to the feed: only on one's own post
    theirs = view.get_by_test_id("forum-post").filter(has_text="Dark mode please")
    await expect(theirs.get_by_test_id("forum-post-share")).to_have_count(0)
    await mine.get_by_test_id("forum-post-share").click()
    await expect(mine.get_by_test_id("forum-post-shared")).to_be_visible()

    # the phone and right to left
    await page.set_viewport_size({"width": 390, "height": 800})
    await page.reload()
    await expect(view.get_by_test_id("forum-post").filter(has_text="Printer on fire")).to_be_visible(
        timeout=BROWSER_PATIENCE_MS
    )
    box = await view.bounding_box()
    assert box is not None and box["width"] <= 390, box
    await snapshot(page, "forum-view-390.png")
    await page.set_viewport_size({"width": 1280, "height": 800})
    await page.reload()
    await expect(mine).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await page.evaluate("document.documentElement.dir = 'rtl'")
    await snapshot(page, "forum-view-rtl-1280.png")
    await page.evaluate("document.documentElement.dir = 'ltr'")

    # the feed shows it as a card linking back to the post
    await page.goto(f"{url}/app")
    shared = page.get_by_test_id("post").filter(has_text="Printer on fire")
    await expect(shared).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(shared.get_by_test_id("post-forum-share")).to_contain_text("From the forum help")
    await snapshot(page, "forum-shared-in-feed-1280.png")
    await shared.get_by_test_id("post-forum-share-link").click()
    panel = page.get_by_test_id("thread-panel")
    await expect(panel.get_by_text("It smokes when I print in colour.")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_test_id("forum-view")).to_be_visible()


async def test_a_moderator_creates_a_forum_and_manages_its_tags(live_server, signed_in):
    client = live_server.app.quart.test_client()
    place, ada, bob, _ = await a_server(client)
    url = live_server.url
    page, bob_page = await signed_in(ada), await signed_in(bob)
    for each in (page, bob_page):
        await each.goto(f"{url}/app/servers/{place.id}/{place.general}")
        await expect(each.get_by_test_id("channel-title")).to_have_text("General", timeout=BROWSER_PATIENCE_MS)

    # "Create forum" in the server menu, for moderators only
    await bob_page.get_by_role("button", name="Server menu").click()
    await expect(bob_page.get_by_role("menuitem", name="Leave server")).to_be_visible()
    await expect(bob_page.get_by_role("menuitem", name="Create forum")).to_have_count(0)
    await bob_page.keyboard.press("Escape")
    await page.get_by_role("button", name="Server menu").click()
    await page.get_by_role("menuitem", name="Create forum").click()
    dialog = page.get_by_role("dialog", name="Create forum")
    await dialog.get_by_label("Forum name").fill("questions")
    await dialog.get_by_role("button", name="Create forum").click()
    await expect(page.get_by_test_id("channel-title")).to_have_text("questions")
    await expect(page.get_by_test_id("forum-view")).to_be_visible()
    await expect(bob_page.get_by_test_id("channel-item").filter(has_text="questions")).to_be_visible()  # live

    # the channel editor's Forum tab: guidelines and tags
    forum_id = page.url.rstrip("/").split("/")[-1]
    await page.goto(f"{url}/app/servers/{place.id}/settings/channels/{forum_id}/forum")
    settings = page.get_by_test_id("forum-settings")
    await expect(settings).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await settings.get_by_test_id("forum-guidelines-input").fill("One question a post.")
    await settings.get_by_role("button", name="Save").click()
    await expect(settings.get_by_role("button", name="Save")).to_be_disabled()
    await settings.get_by_label("New tag").fill("solved")
    await settings.get_by_label("Only moderators may use it").check()
    await settings.get_by_test_id("forum-add-tag").click()
    tag_row = settings.get_by_test_id("forum-settings-tag").filter(has_text="solved")
    await expect(tag_row).to_be_visible()
    await expect(tag_row.get_by_role("checkbox", name="Moderators only")).to_be_checked()
    await snapshot(page, "forum-settings-1280.png")
    forum = await tok(client, "GET", f"/api/forums/{forum_id}", token=bob.token)
    assert forum["guidelines"] == "One question a post."
    assert [(t["name"], t["moderated"]) for t in forum["tags"]] == [("solved", True)]

    # Bob, no moderator, is not offered the moderators' tag when posting
    await bob_page.get_by_test_id("channel-item").filter(has_text="questions").click()
    await bob_page.get_by_test_id("forum-new-post").click()
    new_post = bob_page.get_by_role("dialog", name="New post")
    await expect(new_post.get_by_test_id("forum-guidelines")).to_contain_text("One question a post.")
    await expect(new_post.get_by_test_id("forum-new-post-tag")).to_have_count(0)


async def test_the_list_follows_replies_new_and_deleted_posts_and_an_edit_live(live_server, signed_in):
    """Bob watches the forum while Ada works: a reply to an older post moves it to the top under
    "Latest activity", a new post appears, a deleted one leaves; Ada retitles and retags her post
    from its own view (Bob, no moderator, is offered no edit on it) and Bob's list follows."""
    client = live_server.app.quart.test_client()
    place, ada, bob, _ = await a_server(client)
    forum_id = await forum(client, place)
    bug = await tag(client, place, forum_id, "bug")
    await tag(client, place, forum_id, "solved", moderated=True)
    old = await post(client, ada, forum_id, "Old question")
    await post(client, ada, forum_id, "New question")
    url = live_server.url
    page_a, page_b = await signed_in(ada), await signed_in(bob)
    await page_a.context.add_init_script(path=str(AXE))
    for page in (page_a, page_b):
        await page.goto(f"{url}/app/servers/{place.id}/{forum_id}")
    titles = page_b.get_by_test_id("forum-view").locator(".forum-post__title")
    await expect(titles).to_have_text(["New question", "Old question"], timeout=BROWSER_PATIENCE_MS)

    await tok(client, "POST", f"/api/channels/{old['id']}/messages", {"content": "any news?"}, ada.token)
    await expect(titles).to_have_text(["Old question", "New question"])
    doomed = await post(client, ada, forum_id, "Posted by mistake")
    await expect(titles).to_have_text(["Posted by mistake", "Old question", "New question"])
    status, _ = await tcall(client, "DELETE", f"/api/threads/{doomed['id']}", token=ada.token)
    assert status == 204
    await expect(titles).to_have_text(["Old question", "New question"])

    # Bob opens Ada's post: its tags show, no "Edit post" for him
    await titles.filter(has_text="Old question").click()
    panel_b = page_b.get_by_test_id("thread-panel")
    await expect(panel_b.get_by_test_id("forum-post-details")).to_be_attached(timeout=BROWSER_PATIENCE_MS)
    await expect(panel_b.get_by_test_id("forum-post-edit")).to_have_count(0)

    # Ada edits it from the post's own view
    await page_a.get_by_test_id("forum-view").locator(".forum-post__title").filter(has_text="Old question").click()
    panel_a = page_a.get_by_test_id("thread-panel")
    await expect(panel_a.get_by_test_id("forum-post-edit")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    found = await violations_on(page_a, "forum post view")
    assert not found, readable("forum post view", found)
    await panel_a.get_by_test_id("forum-post-edit").click()
    dialog = page_a.get_by_role("dialog", name="Edit post")
    await dialog.get_by_role("textbox", name="Title").fill("Printer question")
    await dialog.get_by_role("button", name="bug").click()
    await dialog.get_by_role("button", name="solved").click()  # the owner moderates
    found = await violations_on(page_a, "forum edit post")
    assert not found, readable("forum edit post", found)
    await snapshot(page_a, "forum-edit-post-1280.png")
    await dialog.get_by_role("button", name="Save").click()
    await expect(dialog).to_have_count(0)
    await expect(panel_a.get_by_role("heading", name="Printer question")).to_be_visible()
    await expect(panel_a.get_by_test_id("forum-post-details").get_by_text("solved", exact=True)).to_be_visible()

    # Bob sees it at once: the list, and the post he has open
    edited = page_b.get_by_test_id("forum-post").filter(has_text="Printer question")
    await expect(edited.get_by_text("bug", exact=True)).to_be_visible()
    await expect(edited.get_by_text("solved", exact=True)).to_be_visible()
    await expect(panel_b.get_by_role("heading", name="Printer question")).to_be_visible()
    await expect(panel_b.get_by_test_id("forum-post-details").get_by_text("bug", exact=True)).to_be_visible()
    got = await tok(client, "GET", f"/api/forums/posts/{old['id']}", token=bob.token)
    assert got["title"] == "Printer question" and got["tagIds"][0] == bug

    # beside the forum at 850 px, then on a phone (the whole screen) and right to left
    await page_b.set_viewport_size({"width": 850, "height": 800})
    await titles.filter(has_text="Printer question").click()
    await expect(panel_b.get_by_role("heading", name="Printer question")).to_be_in_viewport()
    await page_b.locator(".right-drawer").evaluate("d => Promise.all(d.getAnimations().map((a) => a.finished))")
    await snapshot(page_b, "forum-post-view-850.png")

    await page_a.set_viewport_size({"width": 390, "height": 800})
    await page_a.goto(f"{url}/app/servers/{place.id}/{forum_id}")
    await (
        page_a.get_by_test_id("forum-view")
        .locator(".forum-post__title")
        .filter(has_text="Printer question")
        .click(timeout=BROWSER_PATIENCE_MS)
    )
    await expect(panel_a.get_by_test_id("forum-post-edit")).to_be_visible()
    drawer = page_a.locator(".right-drawer")
    await drawer.evaluate("d => Promise.all(d.getAnimations().map((a) => a.finished))")
    box = await drawer.bounding_box()
    assert box is not None and box["x"] <= 1 and box["width"] >= 389, box
    await snapshot(page_a, "forum-post-view-390.png")
    await page_a.evaluate("document.documentElement.dir = 'rtl'")
    await drawer.evaluate("d => Promise.all(d.getAnimations().map((a) => a.finished))")
    await snapshot(page_a, "forum-post-view-rtl-390.png")


async def test_a_reply_to_a_post_beyond_the_loaded_page_brings_it_up_live(live_server, signed_in):
    """Bob's list holds the first page (25) of Ada's 28 posts: a reply to one he has not loaded
    fetches it and shows it first under "Latest activity"; with a title search on, a reply to an
    unloaded post the search leaves out stays out, one it matches comes up, and a post renamed into
    the search joins the list at its place."""
    client = live_server.app.quart.test_client()
    place, ada, bob, _ = await a_server(client)
    forum_id = await forum(client, place)
    scanner = await post(client, ada, forum_id, "Old scanner question")
    fillers = [await post(client, ada, forum_id, f"filler {n}") for n in range(27)]
    page_b = await signed_in(bob)
    await page_b.goto(f"{live_server.url}/app/servers/{place.id}/{forum_id}")
    titles = page_b.get_by_test_id("forum-view").locator(".forum-post__title")
    await expect(titles).to_have_count(25, timeout=BROWSER_PATIENCE_MS)
    await expect(titles.first).to_have_text("filler 26")
    await expect(titles.filter(has_text="filler 0")).to_have_count(0)

    await tok(client, "POST", f"/api/channels/{fillers[0]['id']}/messages", {"content": "still?"}, ada.token)
    await expect(titles).to_have_count(26)
    await expect(titles.first).to_have_text("filler 0")

    await page_b.get_by_test_id("forum-search").fill("filler")
    await expect(titles).to_have_count(25)  # filler 0, then 26 down to 3: filler 1 and 2 are beyond
    await expect(titles.last).to_have_text("filler 3")
    await tok(client, "POST", f"/api/channels/{scanner['id']}/messages", {"content": "any news?"}, ada.token)
    await tok(client, "POST", f"/api/channels/{fillers[1]['id']}/messages", {"content": "bump"}, ada.token)
    await expect(titles.first).to_have_text("filler 1")
    await expect(titles).to_have_count(26)
    await expect(titles.filter(has_text="scanner")).to_have_count(0)
    # renamed into the search, the unloaded post joins at its place (its reply came second)
    await tok(client, "PATCH", f"/api/forums/posts/{scanner['id']}", {"title": "filler scanner"}, ada.token)
    await expect(titles.nth(1)).to_have_text("filler scanner")
    await expect(titles).to_have_count(27)

    # what the list shows live is what a reload shows (its first page)
    await page_b.get_by_test_id("forum-search").fill("")
    await expect(titles.nth(0)).to_have_text("filler 1")
    await expect(titles.nth(1)).to_have_text("filler scanner")
    await expect(titles.nth(2)).to_have_text("filler 0")
