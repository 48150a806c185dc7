"""The image proxy (rest.md §13): ``GET /cdn/proxy/<encodeURIComponent(url)>/<file name>``
answers third-party pictures itself, so viewers' browsers never contact those hosts — with the
address rules of link previews (``[fetch]``), images only, bounded in size and time."""

from urllib.parse import quote

import aiohttp
import pytest

from tests.testsite import png, site  # noqa: F401 - the test web server fixture

OPEN = {"fetch.allow_private_networks": True}


def proxied(url: str, name: str = "embed.png") -> str:
    return f"/cdn/proxy/{quote(url, safe='')}/{name}"  # quote(safe="") encodes as encodeURIComponent does


async def get(make_app, path, **settings):
    app = make_app(**settings)
    async with app.test_app():
        response = await app.test_client().get(path)
        body = await response.get_data()
        return response, body


def json_error(response, body):
    import json

    assert response.mimetype == "application/json"
    return response.status_code, json.loads(body)


async def test_an_image_is_answered_by_hearth_with_cache_headers(make_app, site):
    response, body = await get(make_app, proxied(site.url("/wide.png")), **OPEN)
    assert response.status_code == 200
    assert body == png(640, 320)
    assert response.mimetype == "image/png"
    assert response.headers["Cache-Control"] == "public, max-age=86400"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Security-Policy"] == "default-src 'none'; sandbox"
    assert site.hits == {"/wide.png": 1}


async def test_the_type_comes_from_the_bytes_not_the_file_name(make_app, site):
    response, _ = await get(make_app, proxied(site.url("/moving.gif"), "avatar.png"), **OPEN)
    assert (response.status_code, response.mimetype) == (200, "image/gif")


async def test_a_private_address_is_refused_by_default(make_app, site):
    for host in ("127.0.0.1", "localhost"):
        response, body = await get(make_app, proxied(site.url("/wide.png", host=host)))
        assert json_error(response, body) == (403, {"message": "This address may not be fetched.", "path": None})
    assert site.hits == {}


async def test_a_trusted_host_is_proxied_but_not_its_redirect_to_a_private_address(make_app, site):
    trusted = {"fetch.trusted_hosts": ["localhost"]}
    response, _ = await get(make_app, proxied(site.url("/wide.png", host="localhost")), **trusted)
    assert response.status_code == 200
    response, body = await get(make_app, proxied(site.url("/to-loopback", host="localhost")), **trusted)
    assert json_error(response, body) == (403, {"message": "This address may not be fetched.", "path": None})
    assert site.hits == {"/wide.png": 1, "/to-loopback": 1}


@pytest.mark.parametrize("path", ["/og", "/fake.png", "/drawing.svg", "/json"])
async def test_only_images_are_answered_checked_by_their_bytes(make_app, site, path):
    response, body = await get(make_app, proxied(site.url(path)), **OPEN)
    assert json_error(response, body) == (
        415,
        {"message": "The link is not a supported image (PNG, JPEG, GIF or WebP).", "path": None},
    )


async def test_size_pixels_and_time_are_bounded(make_app, site):
    response, body = await get(make_app, proxied(site.url("/wide.png")), **OPEN, **{"proxy.max_image_mib": 0})
    assert json_error(response, body) == (413, {"message": "The image is too large.", "path": None})
    response, body = await get(make_app, proxied(site.url("/wide.png")), **OPEN, **{"cdn.max_image_pixels": 1000})
    assert json_error(response, body) == (413, {"message": "The image is too large.", "path": None})
    response, body = await get(make_app, proxied(site.url("/slow.png")), **OPEN, **{"proxy.timeout_seconds": 0.3})
    assert json_error(response, body) == (504, {"message": "The image took too long to fetch.", "path": None})


async def test_unreachable_images_and_bad_urls(make_app, site):
    response, body = await get(make_app, proxied(site.url("/missing.png")), **OPEN)
    assert json_error(response, body) == (502, {"message": "Could not fetch the image.", "path": None})
    for path in (
        proxied("ftp://127.0.0.1/a.png"),
        proxied("javascript:alert(1)"),
        "/cdn/proxy/no-name",
        proxied("https://" + "a" * 2100 + ".example/x.png"),
    ):
        response, body = await get(make_app, path, **OPEN)
        assert json_error(response, body) == (400, {"message": "Invalid URL.", "path": None}), path


async def test_an_image_is_fetched_once_for_many_viewers(make_app, site):
    app = make_app(**OPEN)
    async with app.test_app():
        client = app.test_client()
        for _ in range(3):
            assert (await client.get(proxied(site.url("/wide.png")))).status_code == 200
        for _ in range(2):
            assert (await client.get(proxied(site.url("/missing.png")))).status_code == 502
    assert site.hits == {"/wide.png": 1, "/missing.png": 1}


async def test_fetches_per_ip_are_limited_but_cached_images_still_load(make_app, site):
    app = make_app(**OPEN, **{"rate_limits.enabled": True, "proxy.fetches_per_ip_per_minute": 2})
    async with app.test_app():
        client = app.test_client()
        assert (await client.get(proxied(site.url("/wide.png")))).status_code == 200
        assert (await client.get(proxied(site.url("/still.gif")))).status_code == 200
        third = await client.get(proxied(site.url("/moving.gif")))
        assert third.status_code == 429 and (await third.get_json())["message"] == "Slow down!"
        assert (await client.get(proxied(site.url("/wide.png")))).status_code == 200
    assert "/moving.gif" not in site.hits


async def test_an_encoded_url_reaches_the_proxy_through_a_real_server(live_server, settings, site, start_server):
    server = await start_server(**OPEN)
    url = site.url("/wide.png") + "?size=large&x=a%20b"
    async with aiohttp.ClientSession() as http:
        async with http.get(server.url + proxied(url)) as response:
            assert response.status == 200 and response.content_type == "image/png"
            assert await response.read() == png(640, 320)
        async with http.get(live_server.url + proxied(url)) as response:  # default settings
            assert response.status == 403
    assert site.hits == {"/wide.png": 1}
