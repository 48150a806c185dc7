"""The reference's one-channel search (rest.md §3.2) answered through the index where it can be:
the same messages, in the same order, as its substring scan — checked against the scan's rule
(``UPPER(content) LIKE UPPER('%text%')``, which on SQLite folds ASCII letters only) on texts
written to trip a word index up. Its own tests (tests/plugins/messages/test_search.py) run too."""

from urllib.parse import urlencode

import pytest
from tortoise import connections

from plugins.search.reference import narrowing
from tests.plugins.messages.helpers import dm_pair, sent
from tests.support import call

CORPUS = [
    "the big red dog",
    "the BIG RED DOGS",
    "bigred dog",
    "big red-dog",
    "big  red dog",
    "<b>big red dog</b>",
    "<b big red dog>",
    "big red dög",
    "xbig red doggo",
    "big red_dog",
    "big ređ dog",
    "BIG red DoG!",
    "big red\ndog",
    "big red dog's bone",
    "big red dogé",
    "ıbig red dog",
]
QUERIES = [
    "big red dog",
    "big red d",
    "g red dog",
    "red dog",
    "ig red",
    "big red ",
    " red",
    "red d%",
    "big r_d dog",
    "BIG RED DOG",
    "big red dö",
    "red dog's",
    "d dog",
]


def ascii_upper(text: str) -> str:
    return "".join(chr(ord(c) - 32) if "a" <= c <= "z" else c for c in text)


def narrowing_cases():
    return [
        ("apple", None),
        ("big red dog", '"red" AND "dog"*'),
        ("big red ", '"red"'),
        ("red d%", None),
        ("a b_c d", '"d"*'),
        ("x dög", None),
    ]


@pytest.mark.parametrize(("text", "match"), narrowing_cases())
def test_what_narrows_a_substring(text, match):
    assert narrowing(text) == match


async def test_the_index_gives_the_scans_answer(client):
    alice, bob, channel_id = await dm_pair(client)
    for text in CORPUS:
        await sent(client, alice, channel_id, text)
    postgres = connections.get("default").capabilities.dialect == "postgres"
    for query in QUERIES:
        for order in ("desc", "asc"):
            status, page = await call(
                client,
                "GET",
                f"/api/channels/{channel_id}/messages/search?{urlencode({'query': query, 'order': order})}",
                token=bob.token,
            )
            assert status == 200, page
            folded = query.strip().upper() if postgres else ascii_upper(query.strip())
            expected = [text for text in CORPUS if folded in (text.upper() if postgres else ascii_upper(text))]
            assert [m["content"] for m in page] == expected, (query, order)
