"""The text of a statement's parts (plugins/search/statement.py) that the route tests cannot tell
apart by their results."""

from plugins.search.statement import fts_match, tsquery


def test_the_last_word_typed_is_a_prefix_or_the_words_it_stands_for():
    assert fts_match(["dog", "big"], [], prefix=False) == '"dog" AND "big"'
    assert fts_match(["dog", "big"], [], prefix=True) == '"dog" AND "big"*'
    assert fts_match(["dog", "big"], [], prefix=True, longer=[]) == '"dog" AND ("big")'
    assert fts_match(["dog", "big"], [["red", "dog"]], prefix=True, longer=["bigger", "biggest"]) == (
        '"dog" AND ("big" OR "bigger" OR "biggest") AND "red dog"'
    )
    assert tsquery(["dog", "big"], prefix=True) == "'dog' & 'big':*"
