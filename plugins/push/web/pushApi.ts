/** The push plugin's routes: the server's VAPID key, and this browser's subscription. */
import { request } from "@hearth/api/request";

export function fetchVapidPublicKey(): Promise<{ publicKey: string }> {
  return request({ path: "/push/vapid-public-key" });
}

export function saveSubscription(subscription: PushSubscriptionJSON): Promise<{ id: string }> {
  return request({ method: "POST", path: "/push/subscriptions", body: subscription });
}

export function deleteSubscription(endpoint: string): Promise<{ status: boolean }> {
  return request({ method: "DELETE", path: "/push/subscriptions", body: { endpoint } });
}
