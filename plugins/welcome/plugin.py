"""Welcome: questions on a server's welcome screen whose answers grant roles (rest.md §4.9)."""

from core import hookimpl
from core.plugins import Manifest

manifest = Manifest(
    id="welcome",
    name="Welcome screen",
    version="1.0.0",
    description="Questions on a server's welcome screen; answering one grants the roles the answer carries.",
    requires=("accounts", "servers"),
    # Only this sub-path of /servers: the servers plugin serves the rest (claims are per route).
    routes=("/servers/<server_id>/welcome",),
)


@hookimpl
def hearth_models():
    return ["plugins.welcome.models"]


@hookimpl
def hearth_blueprints():
    from plugins.welcome.routes import blueprint

    return [blueprint]


@hookimpl
async def server_extras(server_ids):
    from plugins.welcome.service import question_counts

    counts = await question_counts(server_ids)
    return {server_id: {"_count": {"welcomeQuestions": counts.get(server_id, 0)}} for server_id in server_ids}


# plugins/server_transfer's hooks (its hookspecs.py): the welcome screen in a server's export and
# import. Unused without that plugin.
@hookimpl
async def server_transfer_parts(server_id):
    from plugins.welcome.transfer import parts

    return await parts(server_id)


@hookimpl
def server_transfer_check(part, items):
    from plugins.welcome.transfer import check

    return check(part, items)


@hookimpl
async def server_transfer_restore(server_id, part, items, ids):
    from plugins.welcome.transfer import restore

    await restore(server_id, part, items, ids)
