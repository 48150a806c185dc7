"""Privacy settings: DM privacy, friend-request privacy, last-seen visibility and hidden
follows are saved to the server (POST /users), and another user meets them."""

from playwright.async_api import expect

from core.identity.models import Account, User
from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.support import call

PRIVACY_SELECTS = (
    "Who can send you direct messages",
    "Who can send you friend requests",
    "Who can see when you were last online",
)


async def test_privacy_choices_reach_the_server_and_survive_a_reload(live_server, signed_in):
    client = live_server.app.quart.test_client()
    person, other = await member(), await member()
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/privacy")
    await expect(page.get_by_test_id("settings-privacy")).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    await page.get_by_label("Who can send you direct messages").select_option(label="Friends only")
    await page.get_by_label("Who can send you friend requests").select_option(label="Nobody")
    await page.get_by_label("Who can see when you were last online").select_option(label="Nobody")
    await page.get_by_role("switch", name="Hide my followers").check()
    for control in PRIVACY_SELECTS:  # each is disabled until its own save ends
        await expect(page.get_by_label(control)).to_be_enabled()
    await expect(page.get_by_role("switch", name="Hide my followers")).to_be_enabled()
    await snapshot(page, "settings-privacy-1280.png")

    await page.reload()
    await expect(page.get_by_label("Who can send you direct messages")).to_have_value("2", timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_label("Who can send you friend requests")).to_have_value("2")
    await expect(page.get_by_label("Who can see when you were last online")).to_have_value("0")
    await expect(page.get_by_role("switch", name="Hide my followers")).to_be_checked()
    await expect(page.get_by_role("switch", name="Hide who I follow")).not_to_be_checked()

    account = await Account.get(user_id=int(person.id))
    assert (account.dm_status, account.friend_request_status, account.hide_followers, account.hide_following) == (
        2,
        2,
        True,
        False,
    )
    assert (await User.get(id=int(person.id))).last_online_status == 0
    status, body = await call(
        client, "POST", "/api/friends/add", token=other.token, json={"username": person.username, "tag": person.tag}
    )
    assert (status, body["message"]) == (400, "This user has disabled friend requests.")
    status, body = await call(client, "GET", f"/api/users/{person.id}", token=other.token)
    assert status == 200 and body["hideFollowers"] is True
