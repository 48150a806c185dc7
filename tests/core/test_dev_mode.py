"""Dev mode (``[server] dev_mode``, rest.md §0.6–0.7): the reference's test behaviour, so protocol
test suites written for it run against Hearth."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.plugins.messages.helpers import member, send, sent
from tests.plugins.servers.helpers import community, join, ok
from tests.plugins.webhooks.helpers import execute, execute_path, make_webhook
from tests.support import Person, call, register

FLAGS = {"test_enable_rate_limit": True}
RESTRICTED = {**FLAGS, "test_enable_rate_limit_restrict_ms": 2000}


@pytest.fixture
async def dev(make_app, smtp_server) -> AsyncIterator[Any]:
    """A dev-mode app with rate limits on, a real SMTP server and a captcha secret configured."""
    app = make_app(
        **{
            "server.dev_mode": True,
            "rate_limits.enabled": True,
            "accounts.captcha_secret": "turnstile-secret",
            **smtp_server.overrides,
        }
    )
    async with app.test_app():
        yield app.test_client()


@pytest.fixture
async def production(make_app) -> AsyncIterator[Any]:
    app = make_app(**{"server.dev_mode": False, "rate_limits.enabled": True})
    async with app.test_app():
        yield app.test_client()


async def verified(client: Any) -> Person:
    person = await register(client)
    status, body = await call(client, "POST", "/api/users/emails/verify/send-code", token=person.token)
    assert status == 200, body
    code = body["message"].split(": ")[2]  # how the reference's own tests read it
    assert await call(client, "POST", f"/api/users/emails/verify?code={code}", token=person.token) == (
        200,
        {"status": True},
    )
    return person


async def flood(client: Any, person: Person, channel_id: str, flags: dict[str, Any], count: int) -> list[Any]:
    answers = []
    for n in range(count):
        answers.append(await send(client, person, channel_id, f"message {n}", **flags))
    return answers


async def test_the_references_own_rate_limit_test_passes(dev):
    place = await community(dev)
    answers = await flood(dev, place.owner, place.general, RESTRICTED, 21)
    assert [status for status, _ in answers[:20]] == [200] * 20
    status, body = answers[20]
    assert status == 429 and body["message"] == "Slow down!" and 0 < body["ttl"] <= 2000

    async def accepted_again() -> None:
        while (await send(dev, place.owner, place.general, "again", **RESTRICTED))[0] != 200:
            await asyncio.sleep(0.2)

    await asyncio.wait_for(accepted_again(), 10)


async def test_restrict_ms_changes_only_the_request_that_carries_it(dev):
    # Upstream keeps the rewritten window for the route from then on; Hearth does not.
    place = await community(dev)
    other = await join(dev, place)
    assert (await flood(dev, place.owner, place.general, RESTRICTED, 21))[20][0] == 429
    answers = await flood(dev, other, place.general, FLAGS, 21)
    assert [status for status, _ in answers[:20]] == [200] * 20
    status, body = answers[20]
    assert status == 429 and 2000 < body["ttl"] <= 20_000


async def test_without_the_flag_there_are_no_rate_limits(dev):
    place = await community(dev)
    answers = await flood(dev, place.owner, place.general, {}, 30)
    assert {status for status, _ in answers} == {200}
    attempt = {"email": "nobody@example.com", "password": "whatever"}
    for _ in range(15):  # login allows 10 per 30 s outside dev mode
        assert (await call(dev, "POST", "/api/users/login", attempt))[0] == 400
    assert (await call(dev, "POST", "/api/users/login", {**attempt, **FLAGS}))[0] == 400


async def test_slow_mode_stays_on_in_dev_mode(dev):
    place = await community(dev)
    person = await join(dev, place, await verified(dev))
    await ok(
        dev, "POST", f"/api/servers/{place.id}/channels/{place.general}", {"slowModeSeconds": 30}, place.owner.token
    )
    await sent(dev, person, place.general, "first")
    status, body = await send(dev, person, place.general, "second")
    assert status == 429 and body["slowMode"] is True and 0 < body["ttl"] <= 30_000


async def test_webhook_executions_are_not_limited_in_dev_mode(dev):
    place = await community(dev)
    path = await execute_path(dev, place, await make_webhook(dev, place))
    for n in range(12):  # 10 per 5 s per channel outside dev mode
        assert (await execute(dev, path, {"content": f"n{n}"}))[0] == 200


async def test_codes_come_back_in_the_responses_and_are_not_mailed(dev, smtp_server):
    person = await register(dev)
    status, body = await call(dev, "POST", "/api/users/emails/verify/send-code", token=person.token)
    assert status == 200 and re.fullmatch(r"DEV MODE: Email verify code: \d{5}", body["message"])
    code = body["message"].split(": ")[2]
    assert await call(dev, "POST", f"/api/users/emails/verify?code={code}", token=person.token) == (
        200,
        {"status": True},
    )

    status, body = await call(dev, "POST", "/api/users/reset-password/send-code", {"email": person.email})
    assert status == 200
    link = re.fullmatch(
        r"DEV MODE: Password reset link: (http://hearth\.test/reset-password\?code=(\w+)&userId=(\d+))", body["message"]
    )
    assert link and link.group(3) == person.id
    status, reset = await call(
        dev,
        "POST",
        f"/api/users/reset-password?code={link.group(2)}&userId={person.id}",
        {"newPassword": "a brand new one"},
    )
    assert status == 200 and reset["token"]
    assert smtp_server.inbox.messages == []


async def test_the_captcha_always_passes_in_dev_mode(dev):
    status, body = await call(
        dev,
        "POST",
        "/api/users/register",
        {"email": "dev@example.com", "username": "devuser", "password": "correct horse 1"},
    )
    assert status == 200 and body["token"]


async def test_outside_dev_mode_the_flags_change_nothing(production):
    place = await community(production)
    answers = await flood(production, place.owner, place.general, {}, 21)
    assert answers[20][0] == 429
    other = await join(production, place, await member())
    answers = await flood(production, other, place.general, RESTRICTED, 21)
    status, body = answers[20]
    assert status == 429 and 2000 < body["ttl"] <= 20_000, "restrict_ms is a dev-mode switch only"


async def test_start_up_warns_loudly_in_dev_mode_only(make_app, caplog):
    caplog.set_level(logging.WARNING, logger="hearth")
    async with make_app(**{"server.dev_mode": True}).test_app():
        pass
    assert [r for r in caplog.records if "DEV MODE IS ON" in r.getMessage() and r.levelno == logging.WARNING]
    caplog.clear()
    async with make_app().test_app():
        pass
    assert not [r for r in caplog.records if "DEV MODE" in r.getMessage()]
