"""``@prepared`` lookups (core.prepared) answer exactly what the queryset they were built from
answers, for every later argument, inside transactions too, and fall back where they cannot probe."""

from __future__ import annotations

import pytest
from tortoise.exceptions import DoesNotExist

from core.db import transaction
from core.identity.models import Account, Session, User
from core.identity.tokens import token_hash
from core.prepared import prepared
from tests.support import new_person


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
    first, second = await new_person(), await new_person()
    for person in (first, second, first):
        found = await session_and_user(token_hash(person.token))
        plain = await Session.get_or_none(token_hash=token_hash(person.token)).select_related("user")
        assert fields(found) == fields(plain)
        assert fields(found.user) == fields(plain.user) and str(found.user.id) == person.id
    assert await session_and_user(token_hash("not a token")) is None
    assert all(plan is not None for plan in session_and_user.plans.values())  # built once, not bypassed


async def test_several_arguments_land_in_their_own_places(client):
    first, second = await new_person(), await new_person()
    assert [str(u.id) for u in await user_named(first.username, first.tag)] == [first.id]
    assert [str(u.id) for u in await user_named(second.username, second.tag)] == [second.id]
    assert await user_named(first.username, second.tag) == [] or first.tag == second.tag


async def test_get_keeps_raising_for_a_missing_row(client):
    person = await new_person()
    assert (await account_of(int(person.id))).email == person.email
    with pytest.raises(DoesNotExist):
        await account_of(1)


async def test_inside_a_transaction_it_sees_what_the_transaction_wrote(client):
    person = await new_person()
    async with transaction():
        await User.filter(id=int(person.id)).update(username="renamed")
        assert [str(u.id) for u in await user_named("renamed", person.tag)] == [person.id]
    assert [str(u.id) for u in await user_named("renamed", person.tag)] == [person.id]


async def test_arguments_it_cannot_probe_run_the_query_as_written(client):
    first, second = await new_person(), await new_person()
    found = await users_among([int(first.id), int(second.id)])
    assert sorted(str(u.id) for u in found) == sorted([first.id, second.id])
    assert list(users_among.plans.values()) == [None]


# --- writes that commit together -------------------------------------------------------------


async def test_an_insert_statement_stores_what_saving_the_instance_would(client):
    from core.ids import new_id
    from core.prepared import insert_statement, write_together

    person = await new_person()
    user = await User.get(id=int(person.id))
    made = Session(id=new_id(), user_id=user.id, token_hash="a" * 64, ip_address="203.0.113.9", device_type=2)
    await write_together([insert_statement(made)])
    stored = await Session.get(id=made.id)
    assert (stored.user_id, stored.token_hash, stored.ip_address, stored.device_type) == (
        user.id,
        "a" * 64,
        "203.0.113.9",
        2,
    )
    assert stored.created_at == made.created_at  # auto_now_add filled in as saving would


async def test_writes_together_all_land_or_none_does(client):
    from tortoise.exceptions import IntegrityError

    from core.ids import new_id
    from core.prepared import insert_statement, write_together

    person = await new_person()
    user = await User.get(id=int(person.id))
    first = Session(id=new_id(), user_id=user.id, token_hash="b" * 64)
    second = Session(id=new_id(), user_id=user.id, token_hash="c" * 64)
    rename = ("UPDATE users SET username = $1 WHERE id = $2", ["together", user.id])
    await write_together([insert_statement(first), rename, insert_statement(second)])
    assert await Session.filter(id__in=[first.id, second.id]).count() == 2
    assert (await User.get(id=user.id)).username == "together"

    again = Session(id=new_id(), user_id=user.id, token_hash="d" * 64)
    duplicate = Session(id=first.id, user_id=user.id, token_hash="e" * 64)  # the primary key is taken
    undone = ("UPDATE users SET username = $1 WHERE id = $2", ["undone", user.id])
    with pytest.raises(IntegrityError):
        await write_together([insert_statement(again), undone, insert_statement(duplicate)])
    assert not await Session.filter(id=again.id).exists()
    assert (await User.get(id=user.id)).username == "together"


async def test_writes_together_join_the_surrounding_transaction(client):
    from core.ids import new_id
    from core.prepared import insert_statement, write_together

    person = await new_person()
    user = await User.get(id=int(person.id))
    made = Session(id=new_id(), user_id=user.id, token_hash="f" * 64)

    class Abandon(Exception):
        pass

    with pytest.raises(Abandon):
        async with transaction():
            await write_together(
                [insert_statement(made), ("UPDATE users SET tag = $1 WHERE id = $2", ["9999", user.id])]
            )
            raise Abandon
    assert not await Session.filter(id=made.id).exists()
    assert (await User.get(id=user.id)).tag == person.tag
