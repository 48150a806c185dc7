"""The hook the reminders plugin calls for the posts a reminder points at (rest.md §11: a reminder
takes a ``messageId`` or a ``postId``). Added to the kernel's pluggy manager because ``plugin.py``
imports this module as ``hookspecs``. Without an answer (no posts plugin) no post can be found:
adding a reminder on one answers "Post not found!" and a stored one shows ``post: null``."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def reminder_posts(post_ids, viewer):
    """Return ``{post_id: Post}`` for those of ``post_ids`` (ints) that exist, each as ``viewer``
    would get it from ``GET /posts/:postId`` (rest.md §7.11): a deleted post with
    ``deleted: true``, a post whose author blocked the viewer as the ``block: true`` stub.
    The posts plugin answers."""
