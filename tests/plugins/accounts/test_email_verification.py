"""POST /api/users/emails/verify/send-code and /emails/verify?code= (rest.md §0.7, §1.17–1.18)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from core.identity.models import Account
from plugins.accounts.models import VerificationCode
from tests.plugins.accounts.helpers import error, ping, request_dev_code, together
from tests.support import Inbox, call, free_port, register

SEND = "/api/users/emails/verify/send-code"
VERIFY = "/api/users/emails/verify"


async def confirmed(person) -> bool:
    return (await Account.get(user_id=int(person.id))).email_confirmed


async def test_dev_mode_returns_the_code_and_it_confirms_the_email(client):
    person = await register(client)
    code = await request_dev_code(client, person)
    assert not await confirmed(person)
    status, body = await call(client, "POST", f"{VERIFY}?code={code}", token=person.token)
    assert (status, body) == (200, {"status": True})
    assert await confirmed(person)
    assert await VerificationCode.filter(user_id=int(person.id)).count() == 0


async def test_code_is_mailed_over_smtp_and_not_returned(mail_client, smtp_server):
    person = await register(mail_client)
    status, body = await call(mail_client, "POST", SEND, token=person.token)
    assert (status, body) == (200, {"message": "Email confirmation code sent."})
    message = await smtp_server.inbox.wait_for(person.email)
    assert str(message["To"]) == person.email
    code = re.search(r"\b(\d{5})\b", Inbox.text(message)).group(1)
    status, body = await call(mail_client, "POST", f"{VERIFY}?code={code}", token=person.token)
    assert (status, body) == (200, {"status": True})
    assert await confirmed(person)


async def test_unreachable_smtp_server_is_reported(make_app):
    app = make_app(**{"mail.smtp_host": "127.0.0.1", "mail.smtp_port": free_port(), "mail.smtp_security": "none"})
    async with app.test_app():
        client = app.test_client()
        person = await register(client)
        status, body = await call(client, "POST", SEND, token=person.token)
    assert (status, body) == (400, error("Failed to send email. Try again later."))


async def test_a_new_code_replaces_the_previous_one(client):
    person = await register(client)
    first = second = await request_dev_code(client, person)
    while second == first:  # two random 5-digit codes match once in 100 000 tries
        second = await request_dev_code(client, person)
    assert (await call(client, "POST", f"{VERIFY}?code={first}", token=person.token)) == (400, error("Invalid code."))
    assert (await call(client, "POST", f"{VERIFY}?code={second}", token=person.token))[0] == 200


async def test_verify_without_a_code(client):
    person = await register(client)
    await request_dev_code(client, person)
    assert (await call(client, "POST", VERIFY, token=person.token)) == (400, error("Invalid code."))


async def test_verify_with_a_wrong_code(client):
    person = await register(client)
    code = await request_dev_code(client, person)
    wrong = f"{(int(code) + 1) % 100000:05d}"
    assert (await call(client, "POST", f"{VERIFY}?code={wrong}", token=person.token)) == (400, error("Invalid code."))
    assert not await confirmed(person)


async def test_verify_before_requesting_a_code(client):
    person = await register(client)
    assert (await call(client, "POST", f"{VERIFY}?code=12345", token=person.token)) == (
        400,
        error("You must request email verification first."),
    )


async def test_an_expired_code_counts_as_never_requested(client):
    person = await register(client)
    code = await request_dev_code(client, person)
    await VerificationCode.filter(user_id=int(person.id)).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
    assert (await call(client, "POST", f"{VERIFY}?code={code}", token=person.token)) == (
        400,
        error("You must request email verification first."),
    )


async def test_a_code_only_confirms_its_own_user(client):
    alice = await register(client)
    bob = await register(client)
    code = await request_dev_code(client, alice)
    status, body = await call(client, "POST", f"{VERIFY}?code={code}", token=bob.token)
    assert (status, body) == (400, error("You must request email verification first."))
    assert not await confirmed(alice) and not await confirmed(bob)


async def test_already_verified(client):
    person = await register(client)
    code = await request_dev_code(client, person)
    await call(client, "POST", f"{VERIFY}?code={code}", token=person.token)
    assert (await call(client, "POST", SEND, token=person.token)) == (400, error("Email already verified."))
    assert (await call(client, "POST", f"{VERIFY}?code={code}", token=person.token)) == (
        400,
        error("Email already verified."),
    )


async def test_confirming_tells_only_the_users_own_sockets(live_client, sockets):
    # rest.md §1.17 says upstream emits nothing here; Hearth tells the user's other tabs.
    alice = await register(live_client)
    bob = await register(live_client)
    alice_socket = await sockets(alice.token)
    bob_socket = await sockets(bob.token)
    code = await request_dev_code(live_client, alice)
    await call(live_client, "POST", f"{VERIFY}?code={code}", token=alice.token)
    assert await alice_socket.wait_for("user:updatedSelf") == {"emailConfirmed": True}
    await ping(live_client, bob, bob_socket)
    assert [event["username"] for event in bob_socket.received("user:updatedSelf")] == [bob.username]


async def test_a_code_used_many_times_at_once_confirms_once(live_client, sockets):
    person = await register(live_client)
    probe = await sockets(person.token)
    code = await request_dev_code(live_client, person)
    answers = await together(8, lambda: call(live_client, "POST", f"{VERIFY}?code={code}", token=person.token))
    assert [status for status, _ in answers] == [200] + [400] * 7, answers
    assert answers[0][1] == {"status": True}
    assert all(body == error("Email already verified.") for _, body in answers[1:])
    assert await confirmed(person)
    await ping(live_client, person, probe)
    assert probe.received("user:updatedSelf")[0] == {"emailConfirmed": True}
    assert len(probe.received("user:updatedSelf")) == 2  # that one, then the ping's


async def test_a_new_socket_sees_the_confirmed_email(client, sockets):
    person = await register(client)
    code = await request_dev_code(client, person)
    await call(client, "POST", f"{VERIFY}?code={code}", token=person.token)
    probe = await sockets(person.token)
    assert probe.received("user:authenticated")[0]["user"]["emailConfirmed"] is True


async def test_changing_email_voids_a_code_sent_to_the_old_address(client):
    person = await register(client)
    code = await request_dev_code(client, person)
    change = {"email": "elsewhere@example.com", "password": person.password}
    status, _ = await call(client, "POST", "/api/users", change, token=person.token)
    assert status == 200
    assert (await call(client, "POST", f"{VERIFY}?code={code}", token=person.token)) == (
        400,
        error("You must request email verification first."),
    )
    assert not await confirmed(person)
    fresh = await request_dev_code(client, person)
    assert (await call(client, "POST", f"{VERIFY}?code={fresh}", token=person.token))[0] == 200
