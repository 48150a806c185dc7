"""``python -m core storage migrate --to s3|local``: every local file into the bucket and back,
with progress, skipping what is already there (so a stopped or failed run is resumed by running
it again), never the scratch files."""

import asyncio
import os
import subprocess
import sys

from core.settings import ROOT

FILES = {
    "avatars/1/2.png": b"\x89PNG avatar",
    "attachments/3/4/notes.txt": b"notes " * 5000,
    "emojis/1/5.gif": b"GIF89a",
}


async def storage_migrate(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "core", "storage", "migrate", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def write_tree(root, files):
    for path, data in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)


def read_tree(root):
    return {
        os.path.relpath(os.path.join(folder, name), root): open(os.path.join(folder, name), "rb").read()
        for folder, _, names in os.walk(root)
        for name in names
        if ".incoming" not in folder
    }


async def test_local_files_go_to_the_bucket_and_a_second_run_resumes(s3_server, bucket, tmp_path):
    write_tree(tmp_path / "cdn", {**FILES, ".incoming/half-uploaded": b"scratch"})
    env = {
        **s3_server.environment(bucket),
        "HEARTH_CDN_STORAGE": "local",
        "HEARTH_CDN_DIRECTORY": str(tmp_path / "cdn"),
    }

    first = await storage_migrate(env, "--to", "s3")
    assert first.returncode == 0, first.stderr
    assert s3_server.keys(bucket) == FILES  # the scratch file stayed behind
    lines = first.stdout.splitlines()
    assert lines[0] == "3 file(s) in local storage, 0 already in s3 storage; copying 3 (29.3 KiB)"
    assert lines[1].startswith("[1/3] attachments/3/4/notes.txt (29.3 KiB;") and len(lines) == 5
    assert lines[-1] == "copied 3, skipped 0, failed 0"

    s3_server.client().delete_object(Bucket=bucket, Key="emojis/1/5.gif")  # as if stopped before the last
    s3_server.client().put_object(Bucket=bucket, Key="avatars/1/2.png", Body=b"cut")  # or cut short
    again = await storage_migrate(env, "--to", "s3")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0].endswith("1 already in s3 storage; copying 2 (17 B)")
    assert again.stdout.splitlines()[-1] == "copied 2, skipped 1, failed 0"
    assert s3_server.keys(bucket) == FILES


async def test_bucket_files_come_back_to_an_empty_folder(s3_server, bucket, tmp_path):
    for path, data in FILES.items():
        s3_server.client().put_object(Bucket=bucket, Key=path, Body=data)
    env = {**s3_server.environment(bucket), "HEARTH_CDN_DIRECTORY": str(tmp_path / "back")}
    done = await storage_migrate(env, "--to", "local")
    assert done.returncode == 0, done.stderr
    assert read_tree(tmp_path / "back") == FILES
    assert (await storage_migrate(env, "--to", "local")).stdout.splitlines()[-1] == "copied 0, skipped 3, failed 0"


async def test_a_file_that_cannot_be_stored_fails_alone_and_the_run_says_so(s3_server, bucket, tmp_path):
    s3_server.client().put_object(Bucket=bucket, Key="attachments/1/.hidden", Body=b"never served")
    s3_server.client().put_object(Bucket=bucket, Key="attachments/1/2/ok.txt", Body=b"fine")
    env = {**s3_server.environment(bucket), "HEARTH_CDN_DIRECTORY": str(tmp_path / "back")}
    done = await storage_migrate(env, "--to", "local")
    assert done.returncode == 1
    assert "attachments/1/.hidden: FAILED (ValueError: not a stored file's path)" in done.stdout
    assert done.stdout.splitlines()[-1] == "copied 1, skipped 0, failed 1; run it again to retry the failed ones"
    assert read_tree(tmp_path / "back") == {"attachments/1/2/ok.txt": b"fine"}


async def test_bad_arguments_and_settings_are_refused(tmp_path):
    no_target = await storage_migrate({}, "--to", "ftp")
    assert no_target.returncode == 2 and "invalid choice: 'ftp'" in no_target.stderr
    no_bucket = await storage_migrate({"HEARTH_CDN_S3_BUCKET": "", "HEARTH_CDN_DIRECTORY": str(tmp_path)}, "--to", "s3")
    assert (no_bucket.returncode, no_bucket.stderr) == (2, "hearth: [cdn] storage is s3 but s3_bucket is empty\n")


async def test_serve_refuses_storage_settings_that_cannot_work_before_any_worker_starts(tmp_path):
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "core", "serve", "--port", "1"],  # refused before anything is bound
        cwd=ROOT,
        env={**os.environ, "HEARTH_CDN_STORAGE": "ftp", "HEARTH_CDN_DIRECTORY": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (2, "hearth: [cdn] storage must be one of local, s3, not 'ftp'\n")
