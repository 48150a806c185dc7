"""What the search plugin keeps of its own: which full-text indexes this database has and how
each was built, and on PostgreSQL the index itself (a document per message) with the queue of
changes the indexer has yet to read. Triggers, the tsvector column and the FTS5 table are plain
SQL made by the migrations (``index.py``).

Models carry comments, not docstrings: Tortoise turns docstrings into SQL table comments.
"""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


class SearchIndex(Model):
    # "messages" (the only one so far); detail says how it was built, e.g. "postgres simple+unaccent".
    name = fields.CharField(max_length=40, primary_key=True)
    detail = fields.CharField(max_length=200)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "search_indexes"


class SearchDocument(Model):
    # PostgreSQL's index of one content message (plugins/search/index.py), written by the indexer
    # after commit: the words in ``tsv`` (a tsvector column the migration adds, GIN-indexed), and
    # the message's ``edited_at`` when they were read, so a search can leave out a document older
    # than the live message. Empty on SQLite (FTS5 there).
    message_id = fields.BigIntField(primary_key=True, generated=False)
    channel_id = fields.BigIntField()
    edited_at = fields.DatetimeField(null=True)

    class Meta:
        table = "search_documents"


class SearchChange(Model):
    # A message inserted, edited or deleted since the indexer last ran (PostgreSQL): written by
    # triggers on ``messages`` in the writer's transaction, removed by the indexer in the one that
    # writes the documents.
    id = fields.BigIntField(primary_key=True)
    message_id = fields.BigIntField()

    class Meta:
        table = "search_changes"
