"""The hooks a Hearth plugin may implement (docs/plugins.md, section 3, describes each). The
``hearth_*`` ones run once, when the app is built or starts; the others run per socket, request or
event that needs them. Plugins declare hooks of their own in their ``hookspecs.py``; what one plugin
adds to another is always a hook's answer (there are no module-level registries).

Async implementations are awaited by the kernel (pluggy itself does not await).
"""

from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("hearth")


@hookspec
def hearth_models():
    """Return the dotted module paths holding this plugin's Tortoise models."""


@hookspec
def hearth_blueprints(plugins):
    """Return the Quart blueprints serving this plugin's routes (paths under /api). ``plugins``
    (the ``PluginHost``; an implementation may leave the argument out) says which plugins run:
    a blueprint that needs an ``optional`` one is returned only when ``plugins.enabled(id)``."""


@hookspec
def hearth_socket_handlers():
    """Return ``{event_name: async handler(ctx, data)}`` for authenticated sockets."""


@hookspec(firstresult=True)
def hearth_account_standing(settings):
    """Return a ``core.identity.standing.AccountStanding`` that decides suspensions, IP bans and
    shadow bans for this app (the first plugin to answer wins)."""


@hookspec
async def hearth_startup(app):
    """Run once when the server starts, after the database is ready."""


@hookspec
async def hearth_shutdown(app):
    """Run once when the server stops."""


@hookspec
async def authenticated_payload(ctx):
    """Return this plugin's slice of ``user:authenticated``; may join rooms via ``ctx.join``."""


@hookspec
async def authenticated_payload_late(ctx):
    """Like ``authenticated_payload``, called once every plugin's ``authenticated_payload`` has
    joined its rooms: for state whose changes are announced to rooms another plugin joins (who is
    in a call), so that a change between reading it and joining the room cannot go unheard."""


@hookspec
async def socket_disconnected(ctx):
    """Run when an authenticated socket disconnects."""


@hookspec
async def user_profile(viewer, user):
    """Return keys to merge into ``GET /users/:userId`` for ``viewer`` (may be None)."""


@hookspec
async def user_audience_rooms(user_id):
    """Return the rooms (servers, friends' user rooms) that see this user's profile and presence."""


@hookspec
async def shared_server_ids(user_id, other_id):
    """Return the ids of the servers both users are members of (the servers plugin answers;
    with no implementation nobody shares a server). Privacy rules of several plugins ask it:
    friend requests "servers only", direct messages "friends and servers"."""


@hookspec
async def staff_route_refusal(user):
    """A staff member (``@require_staff`` / ``@require_moderator``) is about to use a staff route:
    return a message to refuse it with 403 (e.g. staff must have two-factor), or ``None``."""


@hookspec
async def account_deletion_blockers(user):
    """Return messages that stop ``user`` deleting their account (e.g. still in servers)."""


@hookspec
async def user_deleted(user, delete_content):
    """Clean up after an account deletion; ``delete_content`` asks to purge what the user wrote."""


@hookspec
def hearth_secret_files(settings):
    """Return ``{name: Path}``: files outside the database this plugin's data depends on (keys made
    on first start), which ``hearth backup`` keeps and ``hearth restore`` puts back."""


@hookspec
def hearth_upload_groups():
    """Return ``{kind: async check(user, group_id) -> bool}`` for ``avatars`` / ``profile_banners``:
    groups besides the user's own id that ``user`` may upload to (e.g. a server they manage)."""
