import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const calls: unknown[] = []
let answer: { data: unknown; error: unknown; status: number } = { data: { ticks: [] }, error: null, status: 200 }
vi.mock('./api', () => ({
  api: vi.fn(async (_name: string, opts: { body: unknown }) => {
    calls.push(opts.body)
    return answer
  }),
}))

const { latest, pendingTicks, queueTick, syncTicks, mealPrepsWithPending } = await import('./ticks')

describe('offline shopping-list ticks', () => {
  beforeEach(() => {
    localStorage.clear()
    calls.length = 0
  })
  afterEach(() => {
    answer = { data: { ticks: [] }, error: null, status: 200 }
  })

  it('keeps the latest tick per food whatever the order (last write wins)', () => {
    const m = latest([{ foodCode: 1, checked: true, at: 20 }], [{ foodCode: 1, checked: false, at: 10 }, { foodCode: 2, checked: true, at: 5 }])
    expect(m.get(1)).toEqual({ foodCode: 1, checked: true, at: 20 })
    expect(m.get(2)?.checked).toBe(true)
  })

  it('keeps ticks made offline until the server has them, then sends each once', async () => {
    queueTick('ann', 'mp', { foodCode: 9104, checked: true, at: 100 })
    queueTick('ann', 'mp', { foodCode: 9104, checked: false, at: 200 })
    queueTick('ann', 'mp', { foodCode: 36018, checked: true, at: 150 })
    expect(pendingTicks('ann', 'mp')).toHaveLength(2)

    answer = { data: null, error: { message: 'Network error' }, status: 0 }
    expect(await syncTicks('ann', 'mp')).toBeNull()
    expect(pendingTicks('ann', 'mp')).toHaveLength(2) // offline: nothing lost

    answer = { data: { ticks: [{ foodCode: 9104, checked: false, at: 200 }] }, error: null, status: 200 }
    expect(await syncTicks('ann', 'mp')).toEqual([{ foodCode: 9104, checked: false, at: 200 }])
    expect(calls.at(-1)).toEqual({ ticks: expect.arrayContaining([{ foodCode: 9104, checked: false, at: 200 }, { foodCode: 36018, checked: true, at: 150 }]) })
    expect(pendingTicks('ann', 'mp')).toEqual([])
    expect(await syncTicks('ann', 'mp')).toEqual([])
    expect(calls).toHaveLength(2) // nothing left to send
  })

  it('keeps each person’s queue apart', () => {
    queueTick('ann', 'mp', { foodCode: 1, checked: true, at: 1 })
    expect(pendingTicks('bob', 'mp')).toEqual([])
    expect(mealPrepsWithPending('ann')).toEqual(['mp'])
    expect(mealPrepsWithPending('bob')).toEqual([])
  })

  it('drops a queue the server will always refuse', async () => {
    queueTick('ann', 'gone', { foodCode: 1, checked: true, at: 1 })
    answer = { data: null, error: { message: 'not found' }, status: 404 }
    await syncTicks('ann', 'gone')
    expect(pendingTicks('ann', 'gone')).toEqual([])
  })
})
