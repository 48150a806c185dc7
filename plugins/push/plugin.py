"""Push: Web Push notifications for closed tabs, and the reference's FCM token registration."""

from core import hookimpl
from core.plugins import Manifest
from plugins.push import hookspecs  # noqa: F401 - the kernel adds these specs to pluggy

manifest = Manifest(
    id="push",
    name="Push notifications",
    version="1.0.0",
    description="Notifies closed tabs (Web Push) of DMs, mentions, friend requests and calls.",
    requires=("accounts", "messages"),
    optional=("friends", "inbox", "voice", "servers", "presence"),
    routes=("/push", "/users/register-fcm"),
)


@hookimpl
def hearth_models():
    return ["plugins.push.models"]


@hookimpl
def hearth_blueprints():
    from plugins.push.routes import blueprint, fcm_blueprint

    return [blueprint, fcm_blueprint]


@hookimpl
async def hearth_startup(app):
    from plugins.push.vapid import vapid_keys

    vapid_keys(app.extensions["hearth"].settings)  # made on first start, like the instance key


@hookimpl
def hearth_secret_files(settings):
    from plugins.push.vapid import private_key_path

    return {"vapid_private.pem": private_key_path(settings)}  # subscriptions are bound to it


@hookimpl
async def hearth_shutdown(app):
    from plugins.push.sender import sender_for

    await sender_for(app).stop()


@hookimpl
async def message_sent(message, access):
    from plugins.push import triggers

    await triggers.guarded(triggers.message_sent(message, access))


@hookimpl
async def friend_request_sent(user_id, recipient_id):
    from plugins.push import triggers

    await triggers.guarded(triggers.friend_request(user_id, recipient_id))


@hookimpl
async def call_started(channel, user, ringing, access):
    from plugins.push import triggers

    await triggers.guarded(triggers.call_ring(channel, user, ringing, access))


@hookimpl
async def user_deleted(user, delete_content):
    # The account stays as a tombstone: its subscriptions (also gone with its sessions) and tokens go.
    from plugins.push.models import FcmToken, PushSubscription

    await PushSubscription.filter(user_id=user.id).delete()
    await FcmToken.filter(user_id=user.id).delete()
