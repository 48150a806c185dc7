"""Two requests about one pair at the same moment (an accept and a cancel, a block and an
accept, two users adding each other): each answers 200 or a JSON refusal, never a 500, and the
pair's rows end in a state one order of the two would have left. On PostgreSQL the old code
deadlocked (the two requests locked the pair's rows in opposite orders)."""

from __future__ import annotations

import asyncio

import pytest

from plugins.friends.models import Friend
from tests.plugins.friends.helpers import make_friends, request_friend
from tests.support import call, new_person

ROUNDS = 6
SENT, PENDING, FRIENDS, BLOCKED = Friend.SENT, Friend.PENDING, Friend.FRIENDS, Friend.BLOCKED


async def pair_rows(a, b) -> dict[tuple[str, str], int]:
    ids = [int(a.id), int(b.id)]
    return {
        (str(r.user_id), str(r.recipient_id)): r.status
        for r in await Friend.filter(user_id__in=ids, recipient_id__in=ids)
    }


def refused_or_done(answer: tuple[int, dict]) -> bool:
    status, body = answer
    return status == 200 or (status == 400 and isinstance(body.get("message"), str))


async def at_once(*requests):
    answers = await asyncio.gather(*requests)
    assert all(refused_or_done(a) for a in answers), answers
    return answers


async def test_accepting_while_the_sender_cancels(client):
    for _ in range(ROUNDS):
        sender, receiver = await new_person(), await new_person()
        await request_friend(client, sender, receiver)
        accepted, cancelled = await at_once(
            call(client, "POST", f"/api/friends/{sender.id}", token=receiver.token),
            call(client, "DELETE", f"/api/friends/{receiver.id}", token=sender.token),
        )
        rows = await pair_rows(sender, receiver)
        if cancelled[0] == 200:
            assert rows == {}
        else:
            assert accepted[0] == 200 and set(rows.values()) == {FRIENDS}


def accept_of(person, other):
    return call_as(person, "POST", f"/api/friends/{other.id}")


def remove_of(person, other):
    return call_as(person, "DELETE", f"/api/friends/{other.id}")


def block_of(person, other):
    return call_as(person, "POST", f"/api/users/{other.id}/block")


def call_as(person, method, path):
    return lambda client: call(client, method, path, token=person.token)


@pytest.mark.parametrize("friends_first", [False, True], ids=["block_while_accepted", "block_while_removed"])
async def test_a_block_while_the_other_changes_the_pair(client, friends_first):
    for _ in range(ROUNDS):
        one, two = await new_person(), await new_person()
        if friends_first:
            await make_friends(client, one, two)
            change = remove_of(two, one)
        else:
            await request_friend(client, one, two)
            change = accept_of(two, one)
        await at_once(change(client), block_of(one, two)(client))
        assert await pair_rows(one, two) == {(one.id, two.id): BLOCKED}


async def test_two_users_adding_each_other(client):
    for _ in range(ROUNDS):
        one, two = await new_person(), await new_person()
        answers = await at_once(request_friend(client, one, two), request_friend(client, two, one))
        rows = await pair_rows(one, two)
        assert sorted(rows.values()) == [SENT, PENDING], (answers, rows)
        assert [a[0] for a in answers].count(200) == 1


@pytest.mark.parametrize("both_block", [True, False])
async def test_both_block_each_other_at_once(client, both_block):
    for _ in range(ROUNDS):
        one, two = await new_person(), await new_person()
        await make_friends(client, one, two)
        second = (
            call(client, "POST", f"/api/users/{one.id}/block", token=two.token)
            if both_block
            else call(client, "DELETE", f"/api/friends/{one.id}", token=two.token)
        )
        await at_once(call(client, "POST", f"/api/users/{two.id}/block", token=one.token), second)
        rows = await pair_rows(one, two)
        assert rows[(one.id, two.id)] == BLOCKED
        assert rows == (
            {(one.id, two.id): BLOCKED, (two.id, one.id): BLOCKED} if both_block else {(one.id, two.id): BLOCKED}
        )
