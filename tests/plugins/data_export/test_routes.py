"""The routes of "Download your data": who may ask, see and download; what a protocol client
meets; once a day; the link's expiry."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from plugins.data_export.models import DataExport
from tests.plugins.data_export.helpers import FEATURE, ask, dcall, download, until_finished
from tests.plugins.messages.helpers import error, member
from tests.support import call

NOT_ASKED = "Your data's export is a Hearth addition: name it in X-Hearth-Features (data_export)."
INVALID_LINK = "This download link is invalid or out of date."


async def test_a_protocol_client_never_meets_the_routes(client):
    ada = await member()
    for method, path in (
        ("GET", "/api/data-exports"),
        ("POST", "/api/data-exports"),
        ("POST", "/api/data-exports/1/ticket"),
    ):
        assert await dcall(client, method, path, ada, opted=False) == (404, error(NOT_ASKED))
    assert not await DataExport.filter(user_id=int(ada.id)).exists()


async def test_signed_out_callers_are_refused(client):
    assert await dcall(client, "GET", "/api/data-exports") == (401, error("No token provided."))
    assert await dcall(client, "POST", "/api/data-exports") == (401, error("No token provided."))


async def test_state_before_and_after_asking(client):
    ada = await member()
    assert await dcall(client, "GET", "/api/data-exports", ada) == (200, {"export": None, "nextAllowedAt": None})
    export = await ask(client, ada)
    assert set(export) == {
        "id",
        "status",
        "partsDone",
        "partsTotal",
        "rowsDone",
        "size",
        "error",
        "requestedAt",
        "finishedAt",
        "expiresAt",
    }
    status, body = await dcall(client, "GET", "/api/data-exports", ada)
    assert status == 200 and body["export"]["id"] == export["id"]
    assert body["nextAllowedAt"] == export["requestedAt"] + 24 * 3600 * 1000


async def test_once_a_day(client):
    ada = await member()
    await ask(client, ada)
    status, body = await dcall(client, "POST", "/api/data-exports", ada)
    assert status == 429
    assert body["message"] == "You can ask for a copy of your data once a day." and body["path"] is None
    assert 0 < body["ttl"] <= 24 * 3600 * 1000
    assert await DataExport.filter(user_id=int(ada.id)).count() == 1


async def test_a_failed_export_does_not_count(client):
    ada = await member()
    await DataExport.create(user_id=int(ada.id), status="failed", error="The export could not be built.")
    await ask(client, ada)


async def test_only_the_owner_gets_a_download_ticket(client):
    ada, bob = await member(), await member()
    export = await ask(client, ada)
    await until_finished(client, ada)
    path = f"/api/data-exports/{export['id']}/ticket"
    assert await dcall(client, "POST", path, bob) == (404, error("Export not found."))
    assert await dcall(client, "POST", "/api/data-exports/nope/ticket", ada) == (404, error("Export not found."))
    assert await dcall(client, "POST", "/api/data-exports/99999999999/ticket", ada) == (404, error("Export not found."))
    assert await dcall(client, "POST", path) == (401, error("No token provided."))
    await download(client, ada, export["id"])


async def test_a_ticket_opens_its_own_export_only_while_its_session_lasts(client):
    ada, bob = await member(), await member()
    mine, theirs = await ask(client, ada), await ask(client, bob)
    await until_finished(client, ada)
    await until_finished(client, bob)
    _, body = await dcall(client, "POST", f"/api/data-exports/{mine['id']}/ticket", ada)
    ticket = body["url"].split("ticket=")[1]

    async def fetch(path: str) -> tuple[int, object]:
        response = await client.get(path)
        return response.status_code, await response.get_json(silent=True)

    assert await fetch(f"/api/data-exports/{theirs['id']}/file?ticket={ticket}") == (403, error(INVALID_LINK))
    assert await fetch(f"/api/data-exports/{mine['id']}/file") == (403, error(INVALID_LINK))
    assert await fetch(f"/api/data-exports/{mine['id']}/file?ticket=abc.def") == (403, error(INVALID_LINK))
    forged = ticket[:-2] + ("AA" if not ticket.endswith("AA") else "BB")
    assert await fetch(f"/api/data-exports/{mine['id']}/file?ticket={forged}") == (403, error(INVALID_LINK))
    assert (await fetch(body["url"]))[0] == 200
    assert (await call(client, "DELETE", "/api/users/logout", token=ada.token))[0] == 200
    assert await fetch(body["url"]) == (403, error(INVALID_LINK))


async def test_not_ready_yet(client):
    ada = await member()
    export = await DataExport.create(user_id=int(ada.id))
    assert await dcall(client, "POST", f"/api/data-exports/{export.id}/ticket", ada) == (
        409,
        error("Your data is not ready yet."),
    )


async def test_the_link_expires_and_the_file_is_deleted(app, client):
    from core.context import hearth
    from plugins.data_export.service import expire_old

    ada = await member()
    export = await ask(client, ada)
    await until_finished(client, ada)
    row = await DataExport.get(id=int(export["id"]))
    async with app.app_context():
        assert hearth().storage.local_path(row.path) is not None
        await DataExport.filter(id=row.id).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
        assert await dcall(client, "POST", f"/api/data-exports/{export['id']}/ticket", ada) == (
            410,
            error("This download has expired. Ask for a new copy of your data."),
        )
        await expire_old()
        assert hearth().storage.local_path(row.path) is None
    assert (await DataExport.get(id=row.id)).status == "expired"
    assert await dcall(client, "POST", f"/api/data-exports/{export['id']}/ticket", ada) == (
        410,
        error("This download has expired. Ask for a new copy of your data."),
    )


async def test_deleting_the_account_deletes_its_archives(app, client):
    from core.context import hearth

    ada = await member()
    export = await ask(client, ada)
    await until_finished(client, ada)
    path = (await DataExport.get(id=int(export["id"]))).path
    status, body = await call(
        client, "DELETE", "/api/users/delete-account", {"password": ada.password}, token=ada.token
    )
    assert status == 200, body
    assert not await DataExport.filter(id=int(export["id"])).exists()
    async with app.app_context():
        assert hearth().storage.local_path(path) is None


async def test_the_header_may_name_other_features_too(client):
    ada = await member()
    response = await client.get(
        "/api/data-exports",
        headers={"Authorization": ada.token, "X-Hearth-Features": f"group_dms, {FEATURE['X-Hearth-Features']}"},
    )
    assert response.status_code == 200
