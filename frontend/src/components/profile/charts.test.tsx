import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { testI18n } from '../../test/i18n'
import { BalanceChart, balanceTicks, MacroChart, niceTicks } from './charts'

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

describe('nice axis ticks', () => {
  it('are round steps from 0 up to at least the largest value', () => {
    expect(niceTicks(163)).toEqual([0, 50, 100, 150, 200])
    expect(niceTicks(325)).toEqual([0, 100, 200, 300, 400])
    expect(niceTicks(12, 3)).toEqual([0, 5, 10, 15])
    expect(niceTicks(0)).toEqual([0, 1])
  })
})

async function inFrench(ui: React.ReactElement) {
  const i18n = await testI18n('fr')
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>)
}

describe('home charts (plain SVG)', () => {
  it('draw one bar per macronutrient, as tall as its grams, each named with its value', async () => {
    await inFrench(<MacroChart goals={{ kcal: 2600, proteinG: 163, fatG: 72, carbsG: 325 }} />)
    const chart = screen.getByRole('img')
    expect(chart.getAttribute('aria-label')).toMatch(/Objectifs du jour.*2\s?600 kcal.*163 g/u)
    const bars = chart.querySelectorAll('rect[data-bar]')
    expect(bars).toHaveLength(3)
    const h = (k: string) => Number(chart.querySelector(`rect[data-bar="${k}"]`)!.getAttribute('height'))
    expect(h('carbs')).toBeGreaterThan(h('protein'))
    expect(h('protein')).toBeGreaterThan(h('fat'))
    expect(h('protein') / h('carbs')).toBeCloseTo(163 / 325, 2)
    for (const label of ['163 g', '72 g', '325 g']) expect(chart.textContent).toContain(label)
  })

  it('draw a dot per balance movement, the newest balance named for a screen reader', async () => {
    const points = [
      { at: '2026-11-20T09:00:00Z', balance: 2 },
      { at: '2026-11-21T09:00:00Z', balance: 52 },
      { at: '2026-11-22T09:00:00Z', balance: 42 },
    ]
    await inFrench(<BalanceChart points={points} />)
    const chart = screen.getByRole('img')
    expect(chart.querySelectorAll('circle[data-point]')).toHaveLength(3)
    expect(chart.getAttribute('aria-label')).toContain('42')
    const ys = [...chart.querySelectorAll('circle[data-point]')].map((c) => Number(c.getAttribute('cy')))
    expect(ys[1]).toBeLessThan(ys[2]!) // 52 is drawn above 42
    expect(ys[2]).toBeLessThan(ys[0]!) // and 42 above 2
  })
})
