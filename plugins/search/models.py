"""What the search plugin keeps of its own: which full-text indexes this database has and how
each was built. The indexes themselves are plain SQL objects beside the tables they cover
(``index.py``), made by the migrations.

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
