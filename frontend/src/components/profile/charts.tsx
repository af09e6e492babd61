import { useTranslation } from 'react-i18next'

/**
 * The signed-in home's two charts, drawn in plain SVG like the admin's token bars: no chart
 * library, a few hundred bytes on the one page that shows them (docs/performance.md). Each
 * figure is one image to a screen reader, named by a sentence that holds every figure it draws.
 */

export type MacroGoals = { kcal: number; proteinG: number; fatG: number; carbsG: number }
export type BalancePoint = { at: string; balance: number }

const axisText = 'fill-stone-700 text-[12px]'

/**
 * Up to about count round steps from 0 to at least max (1, 2, 2.5 or 5 × a power of ten), so the
 * axis reads 0, 50, 100… rather than 0, 47, 94.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1]
  const raw = max / count
  const pow = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * pow >= raw) ?? 10) * pow
  const ticks: number[] = []
  for (let v = 0; v < max + step; v += step) {
    ticks.push(Math.round(v * 1000) / 1000)
    if (v >= max) break
  }
  return ticks
}

/**
 * Today's goals as bars of grams. Each bar carries its name and value as text and a distinct
 * fill pattern (solid, striped, dotted), so colour is never the only cue.
 */
export function MacroChart({ goals }: { goals: MacroGoals }) {
  const { t } = useTranslation()
  const data = [
    { key: 'protein', name: t('profile.home.protein'), grams: goals.proteinG, fill: 'url(#macro-solid)' },
    { key: 'fat', name: t('profile.home.fat'), grams: goals.fatG, fill: 'url(#macro-stripes)' },
    { key: 'carbs', name: t('profile.home.carbs'), grams: goals.carbsG, fill: 'url(#macro-dots)' },
  ]
  const W = 300
  const H = 224
  const left = 48
  const top = 24
  const bottom = 28
  const plotH = H - top - bottom
  const ticks = niceTicks(Math.max(...data.map((d) => d.grams)))
  const yMax = ticks[ticks.length - 1]!
  const y = (v: number) => top + plotH - (v / yMax) * plotH
  const slot = (W - left - 8) / data.length
  const barW = Math.min(64, slot * 0.6)
  return (
    <svg
      role="img"
      aria-label={t('profile.home.macroChartLabel', { kcal: goals.kcal, protein: goals.proteinG, fat: goals.fatG, carbs: goals.carbsG })}
      viewBox={`0 0 ${W} ${H}`}
      className="h-56 w-full"
      data-testid="macro-bars"
    >
      <defs>
        <pattern id="macro-solid" width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill="#166534" />
        </pattern>
        <pattern id="macro-stripes" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#fef3c7" />
          <rect width="3" height="6" fill="#b45309" />
        </pattern>
        <pattern id="macro-dots" width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill="#dbeafe" />
          <circle cx="3" cy="3" r="1.6" fill="#1d4ed8" />
        </pattern>
      </defs>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={left} x2={W} y1={y(v)} y2={y(v)} className="stroke-stone-300" strokeDasharray={v === 0 ? undefined : '3 3'} />
          <text x={left - 6} y={y(v)} dy="0.32em" textAnchor="end" className={axisText}>{`${v} g`}</text>
        </g>
      ))}
      {data.map((d, i) => {
        const cx = left + slot * i + slot / 2
        return (
          <g key={d.key}>
            <rect data-bar={d.key} x={cx - barW / 2} y={y(d.grams)} width={barW} height={Math.max(0, y(0) - y(d.grams))} fill={d.fill} stroke="#1c1917" strokeWidth={1} />
            <text x={cx} y={y(d.grams) - 6} textAnchor="middle" className="fill-stone-900 text-[13px]">{`${d.grams} g`}</text>
            <text x={cx} y={H - 8} textAnchor="middle" className="fill-stone-700 text-[13px]">{d.name}</text>
          </g>
        )
      })}
    </svg>
  )
}

/**
 * The x-axis ticks of the balance chart: the time of the first movement of each day, at most max of
 * them evenly picked, so no two ticks read the same date (several movements a day share one).
 */
export function balanceTicks(times: number[], dayOf: (t: number) => string, max = 6): number[] {
  const firsts: number[] = []
  const seen = new Set<string>()
  for (const t of [...times].sort((a, b) => a - b)) {
    const day = dayOf(t)
    if (!seen.has(day)) {
      seen.add(day)
      firsts.push(t)
    }
  }
  if (firsts.length <= max) return firsts
  const step = (firsts.length - 1) / (max - 1)
  return Array.from({ length: max }, (_, i) => firsts[Math.round(i * step)]!)
}

/**
 * The balance after each ledger event, oldest first, as a step line; a dot marks each event and
 * names it (date and balance) for a pointer's tooltip.
 */
export function BalanceChart({ points }: { points: BalancePoint[] }) {
  const { t, i18n } = useTranslation()
  const fmt = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' })
  const data = points.map((p) => ({ at: new Date(p.at).getTime(), balance: p.balance }))
  const day = (v: number) => fmt.format(new Date(v))
  const xTicks = balanceTicks(data.map((d) => d.at), day, 4)
  const last = points[points.length - 1]
  const W = 320
  const H = 192
  const left = 40
  const right = 12
  const top = 16
  const bottom = 24
  const yTicks = niceTicks(Math.max(0, ...data.map((d) => d.balance)), 3)
  const yMax = yTicks[yTicks.length - 1]!
  const t0 = Math.min(...data.map((d) => d.at))
  const t1 = Math.max(...data.map((d) => d.at))
  const x = (v: number) => left + (t1 === t0 ? (W - left - right) / 2 : ((v - t0) / (t1 - t0)) * (W - left - right))
  const y = (v: number) => top + (H - top - bottom) * (1 - v / yMax)
  // A step after each event: flat until the next one, then straight to its balance.
  let path = ''
  data.forEach((d, i) => {
    path += i === 0 ? `M${x(d.at)},${y(d.balance)}` : `H${x(d.at)}V${y(d.balance)}`
  })
  return (
    <svg
      role="img"
      aria-label={t('profile.home.balanceChartLabel', { count: points.length, balance: last?.balance ?? 0 })}
      viewBox={`0 0 ${W} ${H}`}
      className="h-48 w-full"
      data-testid="balance-line"
    >
      {yTicks.map((v) => (
        <g key={v}>
          <line x1={left} x2={W - right} y1={y(v)} y2={y(v)} className="stroke-stone-300" strokeDasharray={v === 0 ? undefined : '3 3'} />
          <text x={left - 6} y={y(v)} dy="0.32em" textAnchor="end" className={axisText}>
            {v}
          </text>
        </g>
      ))}
      {xTicks.map((v, i) => (
        <text key={v} x={x(v)} y={H - 6} textAnchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'} className={axisText}>
          {day(v)}
        </text>
      ))}
      <path d={path} fill="none" stroke="#166534" strokeWidth={2} />
      {data.map((d, i) => (
        <circle key={i} data-point={i} cx={x(d.at)} cy={y(d.balance)} r={3} fill="#166534">
          <title>{`${day(d.at)}, ${t('dashboard.balance', { count: d.balance })}`}</title>
        </circle>
      ))}
    </svg>
  )
}
