"""Push subscriptions (a browser's Web Push endpoint and keys) and FCM tokens (rest.md §1.22).
Models carry comments, not docstrings (Tortoise turns docstrings into SQL comments)."""

from __future__ import annotations

from tortoise import fields

from core.identity.models import FlakeModel

ENDPOINT_MAX = 1000
FCM_TOKEN_MAX = 1000


class PushSubscription(FlakeModel):
    # One per browser and user: subscribing again updates the user's own row; another user
    # subscribing the same endpoint gets a row of their own and never takes this one.
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    # The sign-in that subscribed: logging out (or any end of the session) ends the pushes, so a
    # shared browser does not keep showing the previous user's messages.
    session = fields.ForeignKeyField("core.Session", related_name=False, on_delete=fields.CASCADE)
    endpoint = fields.CharField(max_length=ENDPOINT_MAX)
    p256dh = fields.CharField(max_length=100)  # base64url of the browser's P-256 public key
    auth = fields.CharField(max_length=40)  # base64url of the 16-byte auth secret
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "push_subscriptions"
        unique_together = (("endpoint", "user"),)


class FcmToken(FlakeModel):
    # Stored for the protocol's mobile clients; Hearth itself sends Web Push only.
    user = fields.ForeignKeyField("core.User", related_name=False, on_delete=fields.CASCADE)
    token = fields.CharField(max_length=FCM_TOKEN_MAX, unique=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "push_fcm_tokens"
