import { describe, expect, it } from 'vitest'
import { balanceTicks } from './charts'

const day = (t: number) => new Date(t).toISOString().slice(0, 10)
const at = (s: string) => new Date(s).getTime()

describe('balance chart ticks', () => {
  it('show each day once, however many movements it has', () => {
    const times = ['2026-11-20T09:00:00Z', '2026-11-20T10:00:00Z', '2026-11-20T18:00:00Z', '2026-11-21T08:00:00Z', '2026-11-21T09:00:00Z'].map(at)
    const ticks = balanceTicks(times, day)
    expect(ticks.map(day)).toEqual(['2026-11-20', '2026-11-21'])
  })

  it('keep at most six distinct dates, first and last included', () => {
    const times = Array.from({ length: 20 }, (_, i) => at(`2026-11-${String(i + 1).padStart(2, '0')}T12:00:00Z`))
    const labels = balanceTicks(times, day).map(day)
    expect(labels).toHaveLength(6)
    expect(new Set(labels).size).toBe(6)
    expect(labels[0]).toBe('2026-11-01')
    expect(labels[5]).toBe('2026-11-20')
  })
})
