import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, LabelList, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

/** Recharts lives only in this module, which pages load with React.lazy (landing JS budget). */

export type MacroGoals = { kcal: number; proteinG: number; fatG: number; carbsG: number }
export type BalancePoint = { at: string; balance: number }

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
  return (
    <div role="img" aria-label={t('profile.home.macroChartLabel', { kcal: goals.kcal, protein: goals.proteinG, fat: goals.fatG, carbs: goals.carbsG })} className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 24, right: 8, left: 0, bottom: 0 }}>
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
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fill: '#44403c', fontSize: 13 }} />
          <YAxis unit=" g" tick={{ fill: '#44403c', fontSize: 12 }} width={56} />
          <Bar dataKey="grams" isAnimationActive={false} stroke="#1c1917" strokeWidth={1}>
            <LabelList dataKey="grams" position="top" formatter={(v: unknown) => `${String(v)} g`} fill="#1c1917" fontSize={13} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}

/** The balance after each ledger event, oldest first; dots mark each event. */
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

export function BalanceChart({ points }: { points: BalancePoint[] }) {
  const { t, i18n } = useTranslation()
  const fmt = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' })
  const data = points.map((p) => ({ at: new Date(p.at).getTime(), balance: p.balance }))
  const day = (v: number) => fmt.format(new Date(v))
  const ticks = balanceTicks(data.map((d) => d.at), day)
  const last = points[points.length - 1]
  return (
    <div role="img" aria-label={t('profile.home.balanceChartLabel', { count: points.length, balance: last?.balance ?? 0 })} className="h-48 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 16, right: 12, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="at" type="number" scale="time" domain={['dataMin', 'dataMax']} ticks={ticks} tickFormatter={day} tick={{ fill: '#44403c', fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fill: '#44403c', fontSize: 12 }} width={40} />
          <Tooltip labelFormatter={(v: unknown) => day(Number(v))} formatter={(v: unknown) => [t('dashboard.balance', { count: Number(v) }), t('profile.home.balance')]} />
          <Line type="stepAfter" dataKey="balance" stroke="#166534" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
