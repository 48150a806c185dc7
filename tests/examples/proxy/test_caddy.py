"""examples/proxy/Caddyfile in front of Hearth, with TLS from Caddy's internal CA: a login, a
socket's live message and a 2 MB upload pass through it, Hearth sees the client's own address
(not the proxy's, not a forged one), and plain HTTP is sent to HTTPS."""

from __future__ import annotations

import aiohttp
import pytest

from tests.conftest import REDIS_URL
from tests.examples.proxy.caddy import BINARY, Caddy
from tests.examples.proxy.journey import journey
from tests.support import start_process

# a Hearth process and Caddy on free ports of their own, beside other tests (tests/parallel.py)
pytestmark = [
    pytest.mark.skipif(BINARY is None, reason="needs Debian's caddy package (apt-get install -y caddy)"),
]


async def test_caddy_in_front_with_automatic_tls(database_url, tmp_path):
    process, url = await start_process(database_url, REDIS_URL, HEARTH_SERVER_TRUST_PROXY_HEADERS="true")
    caddy = Caddy(tmp_path, url.removeprefix("http://"))
    try:
        await caddy.ready()
        await journey(caddy.url, str(caddy.root_certificate))
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://localhost:{caddy.http_port}/app", allow_redirects=False) as response:
                assert response.status in (301, 308)
                # Caddy names the HTTPS port only when it is not 443 and the site names it; here it does not
                assert response.headers["Location"] in (
                    f"https://localhost:{caddy.https_port}/app",
                    "https://localhost/app",
                )
    finally:
        caddy.stop()
        process.terminate()
        process.wait(60)
