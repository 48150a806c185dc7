"""``@prepared`` lookups (core.prepared) answer exactly what the queryset they were built from
answers, for every later argument, inside transactions too, and fall back where they cannot probe."""

from __future__ import annotations

import pytest
from tortoise.exceptions import DoesNotExist

from core.db import transaction
from core.identity.models import Account, Session, User
from core.identity.tokens import token_hash
from core.prepared import prepared
from tests.support import register


@prepared
def session_and_user(digest: str):
    return Session.get_or_none(token_hash=digest).select_related("user")


@prepared
def user_named(username: str, tag: str):
    return User.filter(username=username, tag=tag).order_by("id")


@prepared
def account_of(user_id: int):
    return Account.get(user_id=user_id)


@prepared
def users_among(ids: list[int]):
    return User.filter(id__in=ids).order_by("id")


def fields(instance) -> dict:
    return {name: getattr(instance, name) for name in instance._meta.db_fields}


async def test_each_call_answers_for_its_own_arguments_with_the_related_objects(client):
    first, second = await register(client), await register(client)
    for person in (first, second, first):
        found = await session_and_user(token_hash(person.token))
        plain = await Session.get_or_none(token_hash=token_hash(person.token)).select_related("user")
        assert fields(found) == fields(plain)
        assert fields(found.user) == fields(plain.user) and str(found.user.id) == person.id
    assert await session_and_user(token_hash("not a token")) is None
    assert all(plan is not None for plan in session_and_user.plans.values())  # built once, not bypassed


async def test_several_arguments_land_in_their_own_places(client):
    first, second = await register(client), await register(client)
    assert [str(u.id) for u in await user_named(first.username, first.tag)] == [first.id]
    assert [str(u.id) for u in await user_named(second.username, second.tag)] == [second.id]
    assert await user_named(first.username, second.tag) == [] or first.tag == second.tag


async def test_get_keeps_raising_for_a_missing_row(client):
    person = await register(client)
    assert (await account_of(int(person.id))).email == person.email
    with pytest.raises(DoesNotExist):
        await account_of(1)


async def test_inside_a_transaction_it_sees_what_the_transaction_wrote(client):
    person = await register(client)
    async with transaction():
        await User.filter(id=int(person.id)).update(username="renamed")
        assert [str(u.id) for u in await user_named("renamed", person.tag)] == [person.id]
    assert [str(u.id) for u in await user_named("renamed", person.tag)] == [person.id]


async def test_arguments_it_cannot_probe_run_the_query_as_written(client):
    first, second = await register(client), await register(client)
    found = await users_among([int(first.id), int(second.id)])
    assert sorted(str(u.id) for u in found) == sorted([first.id, second.id])
    assert list(users_among.plans.values()) == [None]
