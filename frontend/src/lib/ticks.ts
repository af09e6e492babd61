// Shopping-list ticks that work offline. A tick is saved on the device first (a queue
// per person and meal prep in localStorage), shown at once, and sent to the server
// (POST /mealprep/{id}/shopping-list/ticks) now or when the network comes back. Every tick
// carries the device's time; the server and this merge keep the latest per food, so a queue
// sent twice, or after another device's newer tick, loses nothing and undoes nothing.
import { api } from './api'

/** One food's tick: ticked or not, and when (Unix milliseconds). */
export interface Tick {
  foodCode: number
  checked: boolean
  at: number
}

const PREFIX = 'gamelle.ticks.'

function key(person: string, mealPrep: string): string {
  return `${PREFIX}${person}.${mealPrep}`
}

/** The ticks still to send for this person's meal prep. */
export function pendingTicks(person: string, mealPrep: string): Tick[] {
  try {
    const raw = localStorage.getItem(key(person, mealPrep))
    const v: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(v) ? (v as Tick[]).filter((t) => Number.isInteger(t?.foodCode) && typeof t.checked === 'boolean' && Number.isFinite(t.at)) : []
  } catch {
    return []
  }
}

function savePending(person: string, mealPrep: string, ticks: Tick[]): void {
  try {
    if (ticks.length === 0) localStorage.removeItem(key(person, mealPrep))
    else localStorage.setItem(key(person, mealPrep), JSON.stringify(ticks))
  } catch {
    // Storage full or refused: the tick still goes out now if the network allows.
  }
}

/** The latest tick per food of both lists (last write wins; a tie keeps the first list's). */
export function latest(a: Tick[], b: Tick[]): Map<number, Tick> {
  const out = new Map<number, Tick>()
  for (const t of [...a, ...b]) {
    const cur = out.get(t.foodCode)
    if (!cur || t.at > cur.at) out.set(t.foodCode, t)
  }
  return out
}

/** Records a tick on the device, replacing an older pending one of the same food. */
export function queueTick(person: string, mealPrep: string, tick: Tick): void {
  const all = latest(pendingTicks(person, mealPrep), [tick])
  savePending(person, mealPrep, [...all.values()])
}

/**
 * Sends the pending ticks. On success the ones sent leave the queue (a newer tick made meanwhile
 * stays) and the server's ticks come back; on failure (offline, server down) the queue stays for
 * the next try and the answer is null.
 */
export async function syncTicks(person: string, mealPrep: string): Promise<Tick[] | null> {
  const sent = pendingTicks(person, mealPrep)
  if (sent.length === 0) return []
  const res = await api<'mealprep.shoppingList.ticks.post', { ticks: Tick[] }>('mealprep.shoppingList.ticks.post', { params: { id: mealPrep }, body: { ticks: sent } })
  if (res.error) {
    // A refusal the server will repeat (the list is gone, a malformed tick) would block the queue
    // for ever: drop it. Offline (0), rate limits and server errors keep it.
    if ([400, 404, 422].includes(res.status)) savePending(person, mealPrep, [])
    return null
  }
  const now = pendingTicks(person, mealPrep)
  savePending(person, mealPrep, now.filter((p) => !sent.some((s) => s.foodCode === p.foodCode && s.at === p.at)))
  return res.data.ticks
}

/** Every meal prep with ticks still to send for this person (synced when back online). */
export function mealPrepsWithPending(person: string): string[] {
  const out: string[] = []
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)
      if (k?.startsWith(`${PREFIX}${person}.`)) out.push(k.slice(PREFIX.length + person.length + 1))
    }
  } catch {
    // no storage, nothing pending
  }
  return out
}
