"""Activity status: sharing an activity sends it through the socket (the server echoes it back
as a presence update), a friend sees it, it is shared again after a reload, and it can be
stopped."""

import asyncio

from playwright.async_api import expect

from core.testing import BROWSER_PATIENCE_MS
from tests.e2e.conftest import snapshot
from tests.plugins.messages.helpers import member
from tests.support import call, connect_socket


async def befriend(client, one, other) -> None:
    status, body = await call(
        client, "POST", "/api/friends/add", token=one.token, json={"username": other.username, "tag": other.tag}
    )
    assert status == 200, body
    status, body = await call(client, "POST", f"/api/friends/{one.id}", token=other.token)
    assert status == 200, body


async def activity_names(probe, user_id: str, want: list[str], timeout: float = 30) -> None:
    """Waits until the probe's latest presence update of the user carries exactly these activity names."""

    async def until() -> None:
        while True:
            updates = [
                data
                for data in probe.received("user:presence_update")
                if isinstance(data, dict) and data.get("userId") == user_id and "activities" in data
            ]
            if updates and [item["name"] for item in updates[-1]["activities"] or []] == want:
                return
            probe._arrived.clear()
            await probe._arrived.wait()

    await asyncio.wait_for(until(), timeout)


async def test_an_activity_is_shared_seen_by_a_friend_kept_and_stopped(live_server, signed_in):
    client = live_server.app.quart.test_client()
    person, friend = await member(), await member()
    await befriend(client, person, friend)
    await call(client, "POST", "/api/users/presence", token=person.token, json={"status": 1})
    watcher = await connect_socket(live_server.url, friend.token)
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/app/settings/activity-status")
    await expect(page.get_by_test_id("activity-none")).to_be_visible(timeout=BROWSER_PATIENCE_MS)

    await page.get_by_label("Action").select_option(label="Listening to")
    await page.get_by_label("Name", exact=True).fill("Clair de Lune")
    await page.get_by_label("Details (optional)").fill("Debussy")
    await page.get_by_role("button", name="Share").click()
    current = page.get_by_test_id("activity-current")
    await expect(current).to_contain_text(
        "Listening to Clair de Lune", timeout=BROWSER_PATIENCE_MS
    )  # the server's presence update
    await expect(current).to_contain_text("Debussy")

    await activity_names(watcher, person.id, ["Clair de Lune"])  # a friend receives it
    await snapshot(page, "settings-activity-status-1280.png")

    await page.reload()
    await expect(current).to_contain_text("Listening to Clair de Lune", timeout=BROWSER_PATIENCE_MS)
    await expect(page.get_by_label("Name", exact=True)).to_have_value("Clair de Lune")

    await page.get_by_role("button", name="Stop sharing").click()
    await expect(page.get_by_test_id("activity-none")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    await page.reload()
    await expect(page.get_by_test_id("activity-none")).to_be_visible(timeout=BROWSER_PATIENCE_MS)
    assert await page.evaluate("localStorage.getItem('sharedActivity')") is None
    await activity_names(watcher, person.id, [])
    await watcher.close()
