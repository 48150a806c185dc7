"""examples/proxy/nginx.conf in front of Hearth: a login, a socket's live message and a 2 MB
upload pass through it, Hearth sees the client's own address (not the proxy's, not a forged one),
and plain HTTP is sent to HTTPS."""

from __future__ import annotations

import aiohttp
import pytest

from tests.conftest import REDIS_URL
from tests.examples.proxy.journey import journey
from tests.examples.proxy.nginx import BINARY, Nginx
from tests.support import start_process

# a Hearth process and nginx on free ports of their own, beside other tests (tests/parallel.py)
pytestmark = [
    pytest.mark.skipif(BINARY is None, reason="needs Debian's nginx package (apt-get install -y nginx)"),
]


async def test_nginx_in_front(database_url, tmp_path):
    process, url = await start_process(database_url, REDIS_URL, HEARTH_SERVER_TRUST_PROXY_HEADERS="true")
    nginx = Nginx(tmp_path, url.removeprefix("http://"))
    try:
        await nginx.ready()
        await journey(nginx.url, str(nginx.cert))
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://localhost:{nginx.http_port}/app", allow_redirects=False) as response:
                assert response.status == 301
                assert response.headers["Location"] == "https://localhost/app"  # 443 in production
    finally:
        nginx.stop()
        process.terminate()
        process.wait(60)
