import { pushPublicKeyResponseSchema, pushSubscriptionResponseSchema } from '@farol/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** How turning on alert notifications in this browser went. */
export type PushSetup = 'subscribed' | 'unsupported' | 'denied';

// the service worker registers at start-up; a browser where it never becomes ready cannot receive pushes
const WORKER_READY_MS = 10_000;

const fromBase64Url = (value: string) =>
  Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

async function readyWorker(): Promise<ServiceWorkerRegistration | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_READY_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Asks the browser for permission, subscribes it to Farol's push key and tells the server (again if it
 * was already subscribed: the server keeps one row per browser).
 */
export async function subscribeThisBrowser(): Promise<PushSetup> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await readyWorker();
  if (!registration) return 'unsupported';
  const { data } = await apiRequest('/api/push/public-key', { schema: pushPublicKeyResponseSchema });
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(data.publicKey),
    }));
  await apiRequest('/api/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
    schema: pushSubscriptionResponseSchema,
  });
  return 'subscribed';
}

/** Tells the server to stop pushing to this browser, then drops the browser's subscription. */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiRequest('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
    schema: pushSubscriptionResponseSchema,
  });
  await subscription.unsubscribe();
}

/** Whether this browser already receives Farol's pushes (asks nothing of the user). */
export async function isThisBrowserSubscribed(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/** What this browser allows and has: the push switch shows on only for `subscribed`. */
export type BrowserPushState = 'checking' | 'subscribed' | 'off' | 'denied' | 'unsupported';

/** This browser's push state, asking nothing of the user (the permission prompt comes only from a switch turned on). */
export async function readThisBrowserPush(): Promise<Exclude<BrowserPushState, 'checking'>> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await isThisBrowserSubscribed()) ? 'subscribed' : 'off';
}
