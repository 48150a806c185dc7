import re

from playwright.async_api import expect


async def test_unknown_paths_land_on_the_404_page(page, live_server):
    await page.goto(f"{live_server.url}/no/such/place")
    await expect(page).to_have_url(re.compile(r"/404$"))
    await expect(page.get_by_text("Nothing to see here!")).to_be_visible()
    await page.get_by_role("link", name=re.compile("home", re.I)).click()
    await expect(page).to_have_url(f"{live_server.url}/")


async def test_external_links_go_through_the_warning_modal_which_adds_https(page, live_server):
    await page.context.route("https://nerimity.com/**", lambda route: route.fulfill(body="ok"))
    await page.goto(live_server.url)
    await page.get_by_text("Compatible with Nerimity clients and bots").click()
    modal = page.get_by_text("This link will take you to")
    await expect(modal).to_be_visible()
    await expect(page.get_by_text("https://nerimity.com")).to_be_visible()
    await page.get_by_role("button", name="Don't Visit").click()
    await expect(modal).to_be_hidden()

    await page.get_by_text("Compatible with Nerimity clients and bots").click()
    async with page.context.expect_page() as popup_info:
        await page.get_by_role("button", name="Visit", exact=True).click()
    popup = await popup_info.value
    assert popup.url.startswith("https://nerimity.com")


async def test_invite_and_post_short_links_redirect(page, live_server):
    await page.goto(f"{live_server.url}/i/abc12")
    await expect(page).to_have_url(re.compile(r"/app/explore/servers/invites/abc12|/login\?redirect="))
    await page.goto(f"{live_server.url}/p/123")
    await expect(page).to_have_url(re.compile(r"/app\?postId=123|/login\?redirect="))
