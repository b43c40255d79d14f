import { createStore, get, set, update } from 'idb-keyval';
import type { OfflinePack } from '@eo/contract';
import { enqueue, settleQueue, type QueuedScan } from './offline-logic';

/**
 * What the scanner keeps on the phone (IndexedDB): the event's offline pack and the scans made
 * offline, per event. Read-modify-writes go through idb-keyval's `update`, one transaction each,
 * so a scan queued while a sync is answered is never lost.
 */
let store: ReturnType<typeof createStore> | undefined;
const db = () => (store ??= createStore('eo-checkin', 'kv'));
const packKey = (eventId: string) => `pack:${eventId}`;
const queueKey = (eventId: string) => `queue:${eventId}`;

export const loadPack = (eventId: string) => get<OfflinePack>(packKey(eventId), db());
export const savePack = (eventId: string, pack: OfflinePack) => set(packKey(eventId), pack, db());

export const loadQueue = async (eventId: string) => (await get<QueuedScan[]>(queueKey(eventId), db())) ?? [];

export async function queueScan(eventId: string, scan: QueuedScan): Promise<QueuedScan[]> {
  let next: QueuedScan[] = [];
  await update<QueuedScan[]>(queueKey(eventId), (queue) => (next = enqueue(queue ?? [], scan)), db());
  return next;
}

export async function settleSynced(eventId: string, sent: QueuedScan[], results: Parameters<typeof settleQueue>[2]): Promise<QueuedScan[]> {
  let next: QueuedScan[] = [];
  await update<QueuedScan[]>(queueKey(eventId), (queue) => (next = settleQueue(queue ?? [], sent, results).remaining), db());
  return next;
}

const DEVICE_KEY = 'eo.checkin.device';

/** This scanner's name for the server: a random id kept in localStorage. */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}
