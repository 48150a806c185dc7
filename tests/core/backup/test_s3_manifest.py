"""With ``[cdn] storage = "s3"`` a backup lists the bucket's files (the bucket keeps the bytes)
and a restore checks that the bucket it is given holds them all."""

import json

from core.instance_key import key_path
from tests.core.backup.commands import hearth, instance
from tests.core.scratch_databases import empty_database
from tests.support import new_person, upload_file


async def test_the_backup_lists_the_bucket_and_the_restore_checks_it(
    make_app, settings, database_url, s3_server, bucket, tmp_path
):
    app = make_app(**s3_server.settings(bucket))
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        status, upload = await upload_file(
            client, person.token, "attachments", person.id, b"kept in the bucket", "a.txt"
        )
        assert status == 200, upload
    path = f"attachments/{person.id}/{upload['fileId']}/a.txt"
    live = {**instance(database_url, settings.cdn.directory, key_path(settings)), **s3_server.environment(bucket)}
    done = await hearth(live, "backup", str(tmp_path / "backup"))
    assert done.returncode == 0, done.stderr
    assert "1 upload(s) (listed: the bucket keeps them)" in done.stdout
    manifest = json.loads((tmp_path / "backup" / "manifest.json").read_text())
    assert (manifest["storage"], manifest["bucket"], manifest["files"]) == ("s3", bucket, [{"path": path, "size": 18}])
    assert not (tmp_path / "backup" / "uploads").exists()

    empty_bucket = s3_server.new_bucket()
    for target_bucket, expected in (
        (bucket, "all present"),
        (empty_bucket, f"1 of them missing or different here: {path}"),
    ):
        async with empty_database(database_url, tmp_path, "restored_s3") as restored_url:
            fresh = {
                **instance(restored_url, tmp_path / "new" / "cdn", tmp_path / "new" / "instance.key"),
                **s3_server.environment(target_bucket),
            }
            done = await hearth(fresh, "restore", str(tmp_path / "backup"))
            assert done.returncode == 0, done.stderr
            assert f"hearth: uploads: 1 file(s) listed in bucket {bucket!r}, {expected}\n" in done.stdout
