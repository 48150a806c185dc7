"""Hooks the accounts plugin calls for plugins that extend profiles (clans).
Added to the kernel's pluggy manager because ``plugin.py`` imports this module."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def profile_extras(user_ids):
    """Return ``{user_id: {key: value}}`` merged into those users' profiles wherever a profile is
    sent: the full one (``GET /users/:id``, ``POST /users``, the self user) and the embedded
    ``{font, clan}`` of authors, members, friends and DM recipients
    (``plugins.accounts.public_profile``). Asked once per batch of users: answer in a fixed
    number of statements. The clans plugin answers ``{"clan": {tag, icon, serverId}}`` for the
    users wearing one; users missing from every answer keep ``clan: null``."""


@hookspec
async def profile_clan_chosen(user, server_id):
    """``POST /users`` with ``clanServerId``: ``user`` wears that server's clan (``None``: none).
    Runs inside the update's transaction; raise ``ApiError`` to refuse (rest.md §1.19 texts).
    Return ``True`` when this plugin handled it; with no answer a server id is refused with
    ``Server does not have a clan.``"""


@hookspec
async def account_login_challenge(user, method):
    """Someone proved who they are by ``method`` ("password", or a way in a plugin adds); before a
    session is made, return a JSON-able answer that asks for more (a second factor) to send instead
    of ``{token}``, or ``None``. Every way in ends in ``plugins.accounts.service.finish_login``."""


@hookspec
async def account_password_set(user_id, ip):
    """An account that had no password (made through single sign-on) was given one by its owner
    (``POST /api/users`` without a current password): for the account's security log."""


@hookspec
async def registration_mode_override():
    """The registration mode ("open", "invite", "sso" or "closed") to use instead of ``[accounts]
    registration``, or ``None`` (an instance settings page keeping it in the database)."""


@hookspec
async def sign_in_providers():
    """Ways to sign in the log-in and register pages offer besides the password: a list of
    ``{id, name}`` (single sign-on's providers), asked by ``GET /api/accounts/sign-in-options``."""
