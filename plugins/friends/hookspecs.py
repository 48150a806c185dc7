"""Hooks the friends plugin calls for other plugins to implement (added to the kernel's
pluggy manager because ``plugin.py`` sets ``hookspecs = <this module>``)."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def user_blocked(blocker_id, blocked_id):
    """Run inside the block transaction: drop what a block ends between the two users
    (e.g. follows both ways). Socket events queued here leave after the commit."""


@hookspec
async def friendship_accepted(user_id, friend_id):
    """Run after a friend request was accepted and both rows are FRIENDS (e.g. to send each
    side the other's presence)."""


@hookspec
async def friend_request_sent(user_id, recipient_id):
    """Run after ``user_id`` sent ``recipient_id`` a friend request (after the commit), e.g. to
    notify the recipient's closed tabs."""
