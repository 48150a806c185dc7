"""``python -m core moderator grant|revoke EMAIL [--mod]``: makes the first moderator of an
instance, on the database the server uses, while it runs — the user's next request passes the
moderator gate (rest.md §0.3)."""

import asyncio
import os
import subprocess
import sys

from core.identity.models import User
from core.settings import ROOT
from tests.plugins.messages.helpers import error, member
from tests.support import call


async def moderator(database_url: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "HEARTH_DATABASE_URL": database_url}
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "core", "moderator", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_grant_and_revoke_while_the_server_runs(client, database_url):
    person = await member()
    await User.filter(id=int(person.id)).update(badges=16)  # a cosmetic badge is kept throughout
    assert await call(client, "GET", "/api/moderation/audit-logs", token=person.token) == (
        403,
        error("Admin access only!"),
    )

    done = await moderator(database_url, "grant", person.email.upper())
    assert done.returncode == 0, done.stderr
    assert f"{person.username}:{person.tag}" in done.stdout and "badges 16 → 18 (admin)" in done.stdout
    assert (await User.get(id=int(person.id))).badges == 18
    assert (await call(client, "GET", "/api/moderation/audit-logs", token=person.token))[0] == 200

    again = await moderator(database_url, "grant", person.email)
    assert again.returncode == 0 and "nothing changed" in again.stdout

    mod = await moderator(database_url, "grant", person.email, "--mod")
    assert mod.returncode == 0 and (await User.get(id=int(person.id))).badges == 16 | 2 | 64

    revoked = await moderator(database_url, "revoke", person.email)
    assert revoked.returncode == 0 and "badges 82 → 16 (not staff)" in revoked.stdout
    assert await call(client, "GET", "/api/moderation/stats", token=person.token) == (403, error("Admin access only!"))

    await moderator(database_url, "grant", person.email, "--mod")
    assert (await call(client, "GET", "/api/moderation/stats", token=person.token))[0] == 200  # MOD: the "M" routes
    assert (await call(client, "GET", "/api/moderation/audit-logs", token=person.token))[0] == 403


async def test_revoke_keeps_the_founder_badge_and_unknown_addresses_fail(client, database_url):
    founder = await member()
    await User.filter(id=int(founder.id)).update(badges=1 | 2)
    done = await moderator(database_url, "revoke", founder.email)
    assert done.returncode == 0 and (await User.get(id=int(founder.id))).badges == 1
    missing = await moderator(database_url, "grant", "nobody@example.com")
    assert missing.returncode == 1 and "no account has the e-mail address 'nobody@example.com'" in missing.stderr
    usage = await moderator(database_url, "promote", founder.email)
    assert usage.returncode == 2 and "invalid choice" in usage.stderr
