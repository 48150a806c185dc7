"""Two Hearth processes on different data folders sharing one bucket serve each other's uploads:
what makes several machines behind a load balancer possible."""

import aiohttp

from tests.conftest import REDIS_URL
from tests.core.uploads import encode_uri_component
from tests.support import new_person, start_process


async def upload(http, url, person, kind, data, name):
    async with http.post(f"{url}/api/cdn/token", headers={"Authorization": person.token}) as response:
        assert response.status == 200, await response.text()
        token = (await response.json())["token"]
    headers = {"Authorization": token, "File-Name": encode_uri_component(name), "Content-Type": ""}
    async with http.post(f"{url}/cdn/{kind}/{person.id}", data=data, headers=headers) as response:
        assert response.status == 200, await response.text()
        return (await response.json())["fileId"]


async def test_each_process_serves_what_the_other_stored(database_url, s3_server, bucket, tmp_path, client):
    started = [
        await start_process(
            database_url, REDIS_URL, **s3_server.environment(bucket), HEARTH_CDN_DIRECTORY=str(tmp_path / name)
        )
        for name in ("first", "second")
    ]
    (_, first), (_, second) = started
    try:
        person = await new_person()
        async with aiohttp.ClientSession() as http:
            notes = b"stored by the first " * 100
            file_id = await upload(http, first, person, "attachments", notes, "notes.txt")
            async with http.get(f"{second}/cdn/attachments/{person.id}/{file_id}/notes.txt") as response:
                assert response.status == 200 and await response.read() == notes
            async with http.get(
                f"{second}/cdn/attachments/{person.id}/{file_id}/notes.txt", headers={"Range": "bytes=0-5"}
            ) as response:
                assert response.status == 206 and await response.read() == b"stored"
            async with http.head(f"{second}/cdn/attachments/{person.id}/{file_id}/notes.txt") as response:
                assert response.status == 200 and response.headers["Content-Length"] == str(len(notes))

            other = b"stored by the second"
            file_id = await upload(http, second, person, "attachments", other, "other.txt")
            async with http.get(f"{first}/cdn/attachments/{person.id}/{file_id}/other.txt") as response:
                assert response.status == 200 and await response.read() == other
        # neither data folder holds an upload: only the bucket does
        assert not [path for path in tmp_path.rglob("*") if path.is_file() and ".incoming" not in path.parts]
        assert len(s3_server.keys(bucket)) == 2
    finally:
        for process, _ in started:
            process.terminate()
            process.wait(60)
