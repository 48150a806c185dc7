"""``python -m core backup PATH`` while the instance runs, then ``python -m core restore PATH``
onto an empty instance (its own database, data folder and keys: the machine that replaces a lost
one): the same users, sessions, messages and files, the same keys, nothing left to migrate. A
non-empty instance is refused unless ``--force``. On SQLite and on PostgreSQL."""

import json
import stat

from core.instance_key import key_path
from tests.core.backup.commands import hearth, instance, tree
from tests.core.scratch_databases import empty_database, rows
from tests.plugins.messages.helpers import dm_pair, sent
from tests.support import upload_file

TABLES = {
    "users": "SELECT id, username, tag, avatar FROM users ORDER BY id",
    "sessions": "SELECT id, user_id FROM sessions ORDER BY id",
    "messages": "SELECT id, channel_id, content, created_by_id FROM messages ORDER BY id",
    "files": "SELECT id, path, size FROM cdn_files ORDER BY id",
}


async def snapshot(url):
    return {name: await rows(url, query) for name, query in TABLES.items()}


async def test_backup_wipe_restore_gives_back_the_same_instance(client, settings, database_url, tmp_path):
    alice, bob, channel_id = await dm_pair(client)
    status, upload = await upload_file(
        client, alice.token, "attachments", channel_id, b"%PDF notes", filename="notes.pdf", channel_id=channel_id
    )
    assert status == 200, upload
    await sent(client, alice, channel_id, "with a file", nerimityCdnFileId=upload["fileId"])
    await sent(client, bob, channel_id, "hello back")
    before = await snapshot(database_url)
    assert [len(before[name]) for name in TABLES] == [2, 2, 2, 1]
    config = tmp_path / "hearth.toml"
    config.write_text('[server]\npublic_url = "https://chat.example.org"\n')
    live = {
        **instance(database_url, settings.cdn.directory, key_path(settings)),
        "HEARTH_CONFIG": str(config),
    }

    done = await hearth(live, "backup", str(tmp_path / "backup"))  # the app above is still serving
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith(f"hearth: backed up to {tmp_path / 'backup'}: the database, ")
    manifest = json.loads((tmp_path / "backup" / "manifest.json").read_text())
    assert manifest["storage"] == "local" and sorted(manifest["keys"]) == ["instance.key", "vapid_private.pem"]
    assert {"path": upload_path(before), "size": 10} in manifest["files"] and manifest["config"] == "hearth.toml"
    assert stat.S_IMODE((tmp_path / "backup").stat().st_mode) == 0o700  # it holds the keys
    assert f"HEARTH_CONFIG={config}" in (tmp_path / "backup" / "config" / "environment").read_text()

    async with empty_database(database_url, tmp_path, "restored") as restored_url:
        fresh = instance(restored_url, tmp_path / "new" / "cdn", tmp_path / "new" / "keys" / "instance.key")
        done = await hearth(fresh, "restore", str(tmp_path / "backup"))
        assert done.returncode == 0, done.stderr
        assert "hearth: next: `hearth migrate`" in done.stdout

        assert await snapshot(restored_url) == before
        assert tree(tmp_path / "new" / "cdn") == tree(settings.cdn.directory)
        assert tree(tmp_path / "new" / "cdn")[upload_path(before)] == b"%PDF notes"
        for name in ("instance.key", "vapid_private.pem"):
            restored = tmp_path / "new" / "keys" / name
            assert restored.read_bytes() == (key_path(settings).parent / name).read_bytes()
            assert stat.S_IMODE(restored.stat().st_mode) == 0o600
        assert (await hearth(fresh, "migrate", "--check")).returncode == 0

        again = await hearth(fresh, "restore", str(tmp_path / "backup"))
        assert again.returncode == 1
        assert again.stderr == (
            "hearth: this instance is not empty (2 account(s), 1 uploaded file(s)); "
            "restore onto an empty one, or add --force to replace what it holds\n"
        )
        forced = await hearth(fresh, "restore", "--force", str(tmp_path / "backup"))
        assert forced.returncode == 0, forced.stderr
        assert await snapshot(restored_url) == before


def upload_path(before):
    return before["files"][0][1]


async def test_a_backup_needs_a_new_folder_and_a_restore_a_backup(settings, database_url, tmp_path):
    env = instance(database_url, settings.cdn.directory, key_path(settings))
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "something").write_text("x")
    refused = await hearth(env, "backup", str(tmp_path / "used"))
    assert (refused.returncode, refused.stderr) == (
        1,
        f"hearth: {tmp_path / 'used'} is not empty: back up into a new folder\n",
    )
    not_one = await hearth(env, "restore", str(tmp_path / "used"))
    assert (not_one.returncode, not_one.stderr) == (
        1,
        f"hearth: {tmp_path / 'used'} is not a Hearth backup (no readable manifest.json)\n",
    )
    usage = await hearth(env, "restore")
    assert usage.returncode == 2 and "the following arguments are required: path" in usage.stderr
