"""Instance settings (plugins/moderation/instance.py): the public read for the landing page, the
ADMIN's read and change, the config file's values as defaults, the icon from an upload, the audit
entry, the bounds and who may not."""

from __future__ import annotations

import pytest

from core.identity.models import User
from plugins.moderation.instance import INSTANCE_UPDATE
from plugins.moderation.models import AuditEntry, InstanceSetting
from tests.plugins.accounts.helpers import png_bytes
from tests.plugins.messages.helpers import error, member
from tests.plugins.moderation.helpers import ADMIN, FOUNDER, MOD, ok, staff
from tests.support import call, upload_file

PATH = "/api/moderation/instance"
EMPTY = {"name": "", "description": "", "icon": "", "rules": "", "contact": "", "motd": ""}
STAFF_EMPTY = {**EMPTY, "registration": "open"}  # the public read leaves the registration mode out


async def test_nothing_set_anywhere_reads_empty_for_everybody(client):
    status, body = await call(client, "GET", "/api/instance")
    assert (status, body) == (200, EMPTY)


async def test_an_admin_changes_the_settings_and_the_public_read_shows_them_at_once(client):
    admin = await staff(client)
    saved = await ok(
        client,
        "POST",
        PATH,
        {"name": "Lantern", "rules": "Be kind.\nNo spam.", "motd": "Maintenance at 22:00"},
        admin.token,
    )
    assert saved["settings"] == {
        **STAFF_EMPTY,
        "name": "Lantern",
        "rules": "Be kind.\nNo spam.",
        "motd": "Maintenance at 22:00",
    }
    assert saved["overridden"] == ["motd", "name", "rules"]
    assert await ok(client, "GET", "/api/instance") == {k: v for k, v in saved["settings"].items() if k in EMPTY}
    [entry] = await AuditEntry.filter(action_type=INSTANCE_UPDATE)
    assert (entry.action_by_id, entry.reason) == (int(admin.id), "motd, name, rules")

    # an unchanged value is not saved or audited again; a null puts the default back
    await ok(client, "POST", PATH, {"name": "Lantern", "motd": None}, admin.token)
    assert (await ok(client, "GET", "/api/instance"))["motd"] == ""
    assert [e.reason for e in await AuditEntry.filter(action_type=INSTANCE_UPDATE).order_by("id")] == [
        "motd, name, rules",
        "motd",
    ]
    assert not await InstanceSetting.filter(key="motd").exists()


async def test_the_config_file_gives_the_defaults_and_the_ui_wins(make_app):
    app = make_app(**{"instance.name": "From the file", "instance.contact": "staff@example.org"})
    async with app.test_app():
        client = app.test_client()
        assert (await ok(client, "GET", "/api/instance"))["name"] == "From the file"
        admin = await staff(client)
        await ok(client, "POST", PATH, {"name": "From the UI"}, admin.token)
        body = await ok(client, "GET", PATH, token=admin.token)
        assert body["settings"]["name"] == "From the UI" and body["settings"]["contact"] == "staff@example.org"
        assert body["defaults"]["name"] == "From the file" and body["overridden"] == ["name"]
        await ok(client, "POST", PATH, {"name": None}, admin.token)
        assert (await ok(client, "GET", "/api/instance"))["name"] == "From the file"


async def test_the_public_read_revalidates_with_an_etag(client):
    response = await client.get("/api/instance")
    etag = response.headers["ETag"]
    assert response.headers["Cache-Control"] == "no-cache"
    again = await client.get("/api/instance", headers={"If-None-Match": etag})
    assert again.status_code == 304
    admin = await staff(client)
    await ok(client, "POST", PATH, {"description": "A warm place"}, admin.token)
    changed = await client.get("/api/instance", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and (await changed.get_json())["description"] == "A warm place"


async def test_the_icon_is_an_image_the_admin_uploaded_as_an_avatar(client):
    admin = await staff(client)
    status, uploaded = await upload_file(client, admin.token, "avatars", admin.id, png_bytes((32, 32)))
    assert status == 200, uploaded
    saved = await ok(client, "POST", PATH, {"iconId": uploaded["fileId"]}, admin.token)
    assert saved["settings"]["icon"] == f"avatars/{admin.id}/{uploaded['fileId']}.png"
    other = await member()
    status, theirs = await upload_file(client, other.token, "avatars", other.id, png_bytes((8, 8)))
    assert status == 200
    assert await call(client, "POST", PATH, {"iconId": theirs["fileId"]}, token=admin.token) == (
        403,
        error("File not found."),
    )
    assert (await ok(client, "POST", PATH, {"iconId": None}, admin.token))["settings"]["icon"] == ""


@pytest.mark.parametrize(
    "body, message, path",
    [
        ({"name": "x" * 61}, "Name must be at most 60 characters long.", "name"),
        ({"description": 5}, "Description must be a string.", "description"),
        ({"rules": "r" * 4001}, "Rules must be at most 4000 characters long.", "rules"),
        ({"contact": ["a"]}, "Contact must be a string.", "contact"),
        ({"motd": "m" * 501}, "Message of the day must be at most 500 characters long.", "motd"),
        ({"iconId": 12}, "iconId must be a string.", "iconId"),
        ({"registration": "everyone"}, "registration must be one of open, invite, sso or closed.", "registration"),
        ({"registration": 1}, "registration must be a string.", "registration"),
        ([1], "The request body must be a JSON object.", None),
    ],
)
async def test_bad_input_is_refused_with_the_field_named(client, body, message, path):
    admin = await staff(client)
    assert await call(client, "POST", PATH, body, token=admin.token) == (400, error(message, path))
    assert await ok(client, "GET", "/api/instance") == EMPTY


async def test_only_an_admin_or_founder_reads_or_changes_them(client):
    for badges in (0, MOD):
        someone = await staff(client, badges=badges)
        assert await call(client, "GET", PATH, token=someone.token) == (403, error("Admin access only!"))
        assert await call(client, "POST", PATH, {"name": "Mine"}, token=someone.token) == (
            403,
            error("Admin access only!"),
        )
    assert (await call(client, "POST", PATH, {"name": "Mine"}))[0] == 401
    founder = await staff(client, badges=FOUNDER)
    await ok(client, "POST", PATH, {"name": "Founded"}, founder.token)
    assert (await ok(client, "GET", "/api/instance"))["name"] == "Founded"
    assert await User.filter(badges=ADMIN).count() == 0


async def test_an_admin_closes_registration_and_opens_it_again(client):
    admin = await staff(client)
    saved = await ok(client, "POST", PATH, {"registration": "closed"}, admin.token)
    assert saved["settings"]["registration"] == "closed" and saved["overridden"] == ["registration"]
    assert (await ok(client, "GET", "/api/accounts/sign-in-options"))["registration"] == "closed"
    body = {"email": "new@example.org", "username": "newcomer", "password": "correct horse"}
    assert await call(client, "POST", "/api/users/register", body) == (
        400,
        error("Registration is closed on this server.", None),
    )
    assert "registration" not in await ok(client, "GET", "/api/instance")
    await ok(client, "POST", PATH, {"registration": None}, admin.token)  # back to the config file's "open"
    status, registered = await call(client, "POST", "/api/users/register", body)
    assert status == 200 and registered["token"]


async def test_the_config_files_registration_mode_is_the_default(make_app):
    app = make_app(**{"accounts.registration": "invite"})
    async with app.test_app():
        client = app.test_client()
        admin = await staff(client)
        body = await ok(client, "GET", PATH, token=admin.token)
        assert (body["settings"]["registration"], body["defaults"]["registration"]) == ("invite", "invite")
        assert (await ok(client, "GET", "/api/accounts/sign-in-options"))["registration"] == "invite"
