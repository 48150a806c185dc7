/** This browser's Web Push: the service worker (a static file at the site root, so its scope is
 * the whole app), the permission, and the PushManager subscription the server stores. */
import { deleteSubscription, fetchVapidPublicKey, saveSubscription } from "./pushApi";

export const WORKER_URL = "/push-worker.js";

export type PushState = "unsupported" | "denied" | "on" | "off";

export function pushSupported(): boolean {
  return typeof window !== "undefined" && window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_URL, { scope: "/" });
  return navigator.serviceWorker.ready;
}

async function existing(): Promise<PushSubscription | null> {
  const found = await navigator.serviceWorker.getRegistration("/");
  return found ? found.pushManager.getSubscription() : null;
}

export async function currentState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return Notification.permission === "granted" && (await existing()) ? "on" : "off";
}

/** Ask permission, subscribe with the server's key and store the subscription there. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const { publicKey } = await fetchVapidPublicKey();
  const worker = await registration();
  let subscription = await worker.pushManager.getSubscription();
  const wanted = keyBytes(publicKey);
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), wanted)) {
    await subscription.unsubscribe(); // made for another server key: it would never be accepted
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
  await saveSubscription(subscription.toJSON());
  return "on";
}

export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const subscription = await existing();
  if (subscription) {
    await deleteSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return "off";
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
