"""Badge items in a moderator's edit (rest.md §8.2 ``addedInventoryItems``, ``removedInventoryIds``)
read as numbers against the reference's catalogue (entities.md §10.1): FOUNDER can never be given
or taken, whatever spelling of 1 is sent; role badges (ADMIN, MOD, BOT) are the operator's (the
CLI), not the API's; anything that is not one badge of the catalogue is bad input."""

import pytest

from core.identity.models import User
from plugins.accounts.models import BadgeStash
from plugins.moderation.models import AuditEntry
from tests.plugins.messages.helpers import error, member
from tests.plugins.moderation.helpers import ADMIN, FOUNDER, ok, pw, staff
from tests.support import call

REFUSED = 100
FOUNDER_BADGE = "You cannot modify the Founder badge."
NOT_MODIFIABLE = "This badge is not modifiable."


def badge(item_id):
    return {"addedInventoryItems": [{"itemType": "badge", "itemId": item_id}]}


async def badges_of(person) -> int:
    return (await User.get(id=int(person.id))).badges


async def refusals() -> list[tuple[int, str]]:
    return [(e.user_id, e.reason) for e in await AuditEntry.filter(action_type=REFUSED).order_by("id")]


@pytest.mark.parametrize("item_id", ["1", "01", "0001", " 1", "1 ", "+1", "1.0", "1e0", "١", 1, 1.0])
@pytest.mark.parametrize("who", ["self", "someone"])
async def test_no_spelling_of_the_founder_badge_is_granted(client, item_id, who):
    admin = await staff(client, ADMIN)
    target = admin if who == "self" else await member()
    before = await badges_of(target)
    status, body = await call(client, "POST", f"/api/moderation/users/{target.id}", pw(**badge(item_id)), admin.token)
    assert (status, body) == (403, error(FOUNDER_BADGE))
    assert await badges_of(target) == before
    assert await refusals() == [(int(target.id), f"edit: {FOUNDER_BADGE}")]


@pytest.mark.parametrize("item_id", ["2", "02", 2, "64", 64.0, "32"])
async def test_role_badges_are_not_given_through_the_api(client, item_id):
    admin, target = await staff(client, ADMIN), await member()
    status, body = await call(client, "POST", f"/api/moderation/users/{target.id}", pw(**badge(item_id)), admin.token)
    assert (status, body) == (403, error(NOT_MODIFIABLE))
    assert await badges_of(target) == 0
    assert await refusals() == [(int(target.id), f"edit: {NOT_MODIFIABLE}")]


@pytest.mark.parametrize(
    "item_id", ["3", "5", "7", "-1", "0", "", "abc", "1abc", "0x1", "nan", "inf", 1.5, "9" * 80, 2**24, "4294967297"]
)
async def test_what_is_not_one_badge_of_the_catalogue_is_refused(client, item_id):
    admin, target = await staff(client, ADMIN), await member()
    status, body = await call(client, "POST", f"/api/moderation/users/{target.id}", pw(**badge(item_id)), admin.token)
    assert (status, body) == (400, error("Invalid badge bit", "addedInventoryItems[0].itemId"))
    assert await badges_of(target) == 0
    assert await refusals() == []  # bad input, not an attempt above one's rank


@pytest.mark.parametrize("item_id", [True, None, {}, ["1"]])
async def test_an_item_id_must_be_a_string_or_a_number(client, item_id):
    admin, target = await staff(client, ADMIN), await member()
    status, body = await call(client, "POST", f"/api/moderation/users/{target.id}", pw(**badge(item_id)), admin.token)
    assert (status, body) == (400, error("itemId must be a string.", "addedInventoryItems[0].itemId"))


async def test_a_good_badge_beside_the_founder_badge_is_not_given_either(client):
    admin, target = await staff(client, ADMIN), await member()
    items = [{"itemType": "badge", "itemId": "8"}, {"itemType": "badge", "itemId": "01"}]
    status, body = await call(
        client, "POST", f"/api/moderation/users/{target.id}", pw(addedInventoryItems=items, username="x"), admin.token
    )
    assert (status, body) == (403, error(FOUNDER_BADGE))
    target_row = await User.get(id=int(target.id))
    assert (target_row.badges, target_row.username) == (0, target.username)


async def test_numbers_name_badges_too(client):
    admin, target = await staff(client, ADMIN), await member()
    updated = await ok(client, "POST", f"/api/moderation/users/{target.id}", pw(**badge(8)), admin.token)
    assert updated["badges"] == 8
    updated = await ok(client, "POST", f"/api/moderation/users/{target.id}", pw(**badge("0128")), admin.token)
    assert updated["badges"] == 8 | 128


async def test_the_founder_cannot_touch_their_own_founder_badge(client):
    founder = await staff(client, FOUNDER)
    status, body = await call(client, "POST", f"/api/moderation/users/{founder.id}", pw(**badge("01")), founder.token)
    assert (status, body) == (403, error(FOUNDER_BADGE))
    index_of_founder = str(int(founder.id) << 5)  # the inventory id that would name bit 1
    status, body = await call(
        client, "POST", f"/api/moderation/users/{founder.id}", pw(removedInventoryIds=[index_of_founder]), founder.token
    )
    assert (status, body) == (403, error(FOUNDER_BADGE))
    assert await badges_of(founder) == FOUNDER
    assert [reason for _, reason in await refusals()] == [f"edit: {FOUNDER_BADGE}"] * 2


async def test_removing_a_role_badge_by_its_item_id_is_refused_and_undoes_the_rest(client):
    admin, other = await staff(client, ADMIN), await staff(client, ADMIN)
    await ok(client, "POST", f"/api/moderation/users/{other.id}", pw(**badge("8")), admin.token)
    await ok(client, "POST", "/api/users/badges/toggle", {"bit": 8}, other.token)  # hidden: in the stash
    eight = str((int(other.id) << 5) | 3)
    admin_item = str((int(other.id) << 5) | 1)  # bit 2: ADMIN
    status, body = await call(
        client,
        "POST",
        f"/api/moderation/users/{other.id}",
        pw(removedInventoryIds=[eight, admin_item]),
        admin.token,
    )
    assert (status, body) == (403, error(NOT_MODIFIABLE))
    assert await badges_of(other) == ADMIN
    assert (await BadgeStash.get(user_id=int(other.id))).badges == 8  # the stash change rolled back
    assert await refusals() == [(int(other.id), f"edit: {NOT_MODIFIABLE}")]


async def test_inventory_lists_are_bounded(client):
    admin, target = await staff(client, ADMIN), await member()
    items = [{"itemType": "badge", "itemId": "8"}] * 65
    assert await call(
        client, "POST", f"/api/moderation/users/{target.id}", pw(addedInventoryItems=items), admin.token
    ) == (400, error("addedInventoryItems must contain at most 64 items.", "addedInventoryItems"))
    assert await call(
        client, "POST", f"/api/moderation/users/{target.id}", pw(removedInventoryIds=["1"] * 65), admin.token
    ) == (400, error("removedInventoryIds must contain at most 64 ids.", "removedInventoryIds"))
