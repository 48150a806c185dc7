"""Building an Embed from a real web server (entities.md §6.4), with the kernel's fetch rules
(tests/core/test_safefetch.py tests the address rules themselves)."""

import pytest

from plugins.link_embeds.fetch import FetchPolicy, build_embed
from plugins.link_embeds.links import first_link

OPEN = FetchPolicy(allow_private=True)
CLOSED = FetchPolicy()


async def test_an_open_graph_page(site):
    embed = await build_embed(site.url("/og"), OPEN)
    assert embed == {
        "type": "article",
        "title": "Hearth & friends",
        "description": "A place to talk.",
        "siteName": "Hearth Blog",
        "url": site.url("/og?canonical=1"),
        "origUrl": site.url("/og"),
        "domain": "127.0.0.1",
        "imageUrl": site.url("/wide.png"),
        "imageWidth": 640,
        "imageHeight": 320,
        "imageMime": "image/png",
        "animated": False,
    }


async def test_a_twitter_large_image_card(site):
    embed = await build_embed(site.url("/card"), OPEN)
    assert embed["title"] == "A big picture" and embed["description"] == "Seen from afar."
    assert embed["largeImage"] is True and (embed["imageWidth"], embed["imageHeight"]) == (640, 320)
    assert embed["type"] == "website" and embed["url"] == site.url("/card")


async def test_title_and_description_fall_back_to_the_plain_tags(site):
    embed = await build_embed(site.url("/plain"), OPEN)
    assert (embed["title"], embed["description"]) == ("Just a title", "Described.")
    assert "imageUrl" not in embed and "largeImage" not in embed


async def test_values_are_truncated_to_1000_characters(site):
    assert (await build_embed(site.url("/long"), OPEN))["title"] == "x" * 1000


async def test_direct_png_and_gif_links_are_image_embeds(site):
    assert await build_embed(site.url("/wide.png"), OPEN) == {
        "type": "image",
        "imageUrl": site.url("/wide.png"),
        "imageWidth": 640,
        "imageHeight": 320,
        "imageMime": "image/png",
        "animated": False,
    }
    moving = await build_embed(site.url("/moving.gif"), OPEN)
    assert (moving["type"], moving["imageMime"], moving["animated"]) == ("image", "image/gif", True)
    assert (moving["imageWidth"], moving["imageHeight"]) == (30, 20)
    assert (await build_embed(site.url("/still.gif"), OPEN))["animated"] is False


@pytest.mark.parametrize("path", ["/no-tags", "/json", "/fake.png", "/missing", "/huge", "/huge-stream"])
async def test_pages_without_a_preview_non_html_broken_images_and_oversized_bodies_give_nothing(site, path):
    assert await build_embed(site.url(path), OPEN) is None
    assert site.hits.get(path) == 1


async def test_up_to_three_redirects_are_followed(site):
    assert (await build_embed(site.url("/hop/3"), OPEN))["title"] == "Hearth & friends"
    assert await build_embed(site.url("/hop/4"), OPEN) is None
    assert site.hits.get("/og") == 1


async def test_private_addresses_are_refused_unless_allowed(site):
    assert await build_embed(site.url("/og"), CLOSED) is None
    assert await build_embed(site.url("/og", host="localhost"), CLOSED) is None
    assert site.hits == {}


async def test_a_redirect_to_a_private_address_is_refused(site):
    # localhost is trusted here (like an intranet host an admin allows); 127.0.0.1 is not.
    trusted = FetchPolicy(trusted_hosts=frozenset({"localhost"}))
    assert (await build_embed(site.url("/og", host="localhost"), trusted))["title"] == "Hearth & friends"
    assert await build_embed(site.url("/to-loopback", host="localhost"), trusted) is None
    assert site.hits == {"/og": 1, "/wide.png": 1, "/to-loopback": 1}


async def test_only_http_and_https_are_fetched(site):
    for url in ("ftp://127.0.0.1/og", "file:///etc/passwd", f"http://user:pw@127.0.0.1:{site.port}/og"):
        assert await build_embed(url, OPEN) is None
    assert site.hits == {}


async def test_cookies_are_not_sent_back(site):
    assert (await build_embed(site.url("/set-cookie", host="localhost"), OPEN))["title"] == "without cookies"
    assert site.hits == {"/set-cookie": 1, "/cookie-check": 1}


@pytest.mark.parametrize(
    "content, link",
    [
        ("look at https://example.com/a.", "https://example.com/a"),
        ("(see https://example.com/wiki/Foo_(bar))", "https://example.com/wiki/Foo_(bar)"),
        ("[label](https://example.com/x) and https://other.example", "https://example.com/x"),
        ("||https://example.com/spoiler||", "https://example.com/spoiler"),
        ("first http://a.example then https://b.example", "http://a.example"),
        ("HTTPS://EXAMPLE.COM/Up", "HTTPS://EXAMPLE.COM/Up"),
        ("no links, ftp://example.com, https:// alone", None),
        (None, None),
    ],
)
def test_the_first_link_is_read_like_the_web_client_reads_links(content, link):
    assert first_link(content) == link
