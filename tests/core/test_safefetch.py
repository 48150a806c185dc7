"""The kernel's guarded fetch (core/safefetch), shared by link previews and the image proxy:
which addresses may be reached, checked redirects, and why a fetch gave nothing."""

import aiohttp
import pytest

from core.safefetch import (
    IMAGE_TYPES,
    BadResponse,
    FetchPolicy,
    Refused,
    TooLarge,
    WrongType,
    address_allowed,
    get,
    new_session,
    policy_from_settings,
    refused_by_resolver,
)
from core.settings import load_settings
from tests.testsite import site  # noqa: F401 - the test web server fixture

OPEN = FetchPolicy(allow_private=True)


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "224.0.0.1",
        "240.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "ff02::1",
        "::ffff:127.0.0.1",
        "2002:7f00:1::1",
        "192.0.2.1",
        "not an ip",
    ],
)
def test_non_public_addresses_are_refused(address):
    assert not address_allowed(address)


@pytest.mark.parametrize("address", ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"])
def test_public_addresses_are_allowed(address):
    assert address_allowed(address)


def test_the_address_rules_come_from_the_fetch_section():
    assert policy_from_settings(load_settings(environ={})) == FetchPolicy()
    settings = load_settings(
        environ={"HEARTH_FETCH_ALLOW_PRIVATE_NETWORKS": "true", "HEARTH_FETCH_TRUSTED_HOSTS": "Wiki.Internal,intranet"}
    )
    policy = policy_from_settings(settings, max_image_bytes=5)
    assert policy == FetchPolicy(
        allow_private=True, trusted_hosts=frozenset({"wiki.internal", "intranet"}), max_image_bytes=5
    )


async def fetch(url, policy=OPEN, accept=IMAGE_TYPES):
    async with new_session(policy) as session:
        return await get(session, url, policy, accept, "image/*")


async def test_an_image_is_fetched(site):
    body = await fetch(site.url("/wide.png"))
    assert (body.content_type, body.url, body.data[:4]) == ("image/png", site.url("/wide.png"), b"\x89PNG")


async def test_a_private_address_is_refused_by_default_literal_or_resolved(site):
    with pytest.raises(Refused):
        await fetch(site.url("/wide.png"), FetchPolicy())
    with pytest.raises(aiohttp.ClientConnectorError) as refused:
        await fetch(site.url("/wide.png", host="localhost"), FetchPolicy())
    assert refused_by_resolver(refused.value)
    assert site.hits == {}


async def test_a_trusted_host_is_fetched_but_a_redirect_to_a_private_address_is_not(site):
    trusted = FetchPolicy(trusted_hosts=frozenset({"localhost"}))
    assert (await fetch(site.url("/wide.png", host="localhost"), trusted)).data[:4] == b"\x89PNG"
    with pytest.raises(Refused):
        await fetch(site.url("/to-loopback", host="localhost"), trusted, accept={"text/html"})
    assert site.hits == {"/wide.png": 1, "/to-loopback": 1}


async def test_each_reason_for_nothing_is_its_own_error(site):
    with pytest.raises(WrongType):
        await fetch(site.url("/og"))
    with pytest.raises(BadResponse):
        await fetch(site.url("/missing.png"))
    with pytest.raises(BadResponse):  # a fourth redirect
        await fetch(site.url("/hop/4"), accept={"text/html"})
    with pytest.raises(TooLarge):
        await fetch(site.url("/wide.png"), FetchPolicy(allow_private=True, max_image_bytes=100))
