"""One-time secrets are used once even by requests at the same moment (on PostgreSQL they really
overlap): a recovery code, a time-step's code, a login ticket."""

from __future__ import annotations

from core.identity.models import Session
from tests.plugins.two_factor.helpers import COMPLETE, code_at, enable, ticket_for
from tests.support import at_once, call, new_person


async def test_one_recovery_code_sent_twice_at_once_logs_in_once(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    first, second = await ticket_for(client, person), await ticket_for(client, person)
    answers = await at_once(
        call(client, "POST", COMPLETE, {"ticket": first, "code": enabled.recovery_codes[0]}),
        call(client, "POST", COMPLETE, {"ticket": second, "code": enabled.recovery_codes[0]}),
    )
    assert [status for status, _ in answers] == [200, 400]
    assert await Session.filter(user_id=int(person.id)).count() == 2


async def test_one_code_sent_twice_at_once_logs_in_once(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    code = code_at(enabled.secret, clock)
    first, second = await ticket_for(client, person), await ticket_for(client, person)
    answers = await at_once(
        call(client, "POST", COMPLETE, {"ticket": first, "code": code}),
        call(client, "POST", COMPLETE, {"ticket": second, "code": code}),
    )
    assert [status for status, _ in answers] == [200, 400]
    assert answers[1][1]["message"] == "This code was already used. Wait for the next one."


async def test_one_ticket_completed_twice_at_once_makes_one_session(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    ticket = await ticket_for(client, person)
    answers = await at_once(
        call(client, "POST", COMPLETE, {"ticket": ticket, "code": code_at(enabled.secret, clock)}),
        call(client, "POST", COMPLETE, {"ticket": ticket, "code": enabled.recovery_codes[1]}),
    )
    assert [status for status, _ in answers] == [200, 400]
    assert await Session.filter(user_id=int(person.id)).count() == 2
