"""A lent Chromium profile comes back to the next test with nothing of the last one
(tests/e2e/profiles.py): no storage, cookies, init scripts, permissions or routes; its caches stay."""

import pytest

from tests.e2e.conftest import CHROMIUM, HEADLESS_SHELL
from tests.e2e.profiles import Profiles

# what a page reads of a permission, in the full browser and in the headless shell (which has no notifications)
PERMISSION = "navigator.permissions.query({name: 'geolocation'}).then((status) => status.state)"


@pytest.mark.parametrize("executable", [HEADLESS_SHELL, CHROMIUM], ids=["headless shell", "full browser"])
async def test_a_profile_given_back_keeps_nothing_of_its_test(live_server, profile_pools, executable):
    url = live_server.url
    profiles = profile_pools[executable]
    profile = await profiles.lend()
    page = await profile.context.new_page()
    await profile.context.add_init_script("window.leftOver = 'script'")
    await profile.context.grant_permissions(["geolocation"], origin=url)
    await profile.context.route("**/api/plugins", lambda route: route.abort())
    await page.goto(f"{url}/favicon.svg")
    await page.evaluate(
        """() => {
            localStorage.setItem('appLanguage', 'ar-ps');
            document.cookie = 'left=over; path=/';
            return new Promise((done) => { indexedDB.open('left-over').onsuccess = () => done(); });
        }"""
    )
    assert await page.evaluate(f"async () => [window.leftOver, await {PERMISSION}]") == ["script", "granted"]
    await profiles.give_back(profile)
    assert page.is_closed()

    again = await profiles.lend()
    assert again is profile  # the same profile, lent again
    page = await again.context.new_page()
    answer = await page.goto(f"{url}/api/plugins")
    assert answer is not None and answer.ok  # the route is gone
    state = await page.evaluate(
        f"""async () => [
            window.leftOver ?? null,
            await {PERMISSION},
            localStorage.getItem('appLanguage'),
            document.cookie,
            (await indexedDB.databases()).map((database) => database.name),
        ]"""
    )
    assert state == [None, "prompt", None, "", []]
    await profiles.give_back(again)


async def test_a_profile_the_test_closed_is_not_lent_again(profiles: Profiles):
    profile = await profiles.lend()
    await profile.context.close()
    await profiles.give_back(profile)
    other = await profiles.lend()
    assert other is not profile and not other.closed
    await profiles.give_back(other)
