import { useTranslation } from 'react-i18next'
import type { PageProps } from '../../types'
import { Card } from '../ui/card'

type TokenDay = PageProps['admin/stats']['stats']['tokens'][number]

const series = [
  { key: 'granted', className: 'fill-brand-600', swatch: 'bg-brand-600', pattern: '' },
  { key: 'refunded', className: 'fill-amber-500', swatch: 'bg-amber-500', pattern: '' },
  { key: 'purchased', className: 'fill-sky-700', swatch: 'bg-sky-700', pattern: '' },
  { key: 'spent', className: 'fill-stone-700', swatch: 'bg-stone-700', pattern: '' },
] as const

/**
 * Tokens per day as grouped bars, drawn in plain SVG (no chart library, nothing added to any
 * bundle). The figure is hidden from screen readers: the table next to it holds the same
 * numbers, and the legend names each series in text, so colour is never the only cue.
 */
export function TokenBars({ days }: { days: TokenDay[] }) {
  const { t } = useTranslation()
  const max = Math.max(1, ...days.flatMap((d) => [d.granted, d.refunded, d.purchased, d.spent]))
  const groupW = 30
  const barW = 6
  const h = 120
  const width = Math.max(days.length * groupW, groupW)
  return (
    <Card as="figure" variant="panel">
      <figcaption className="text-sm font-semibold text-stone-900">{t('admin.stats.chartLabel')}</figcaption>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm text-stone-700">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${s.swatch}`} />
            {t(`admin.stats.${s.key}`)}
          </li>
        ))}
      </ul>
      <div tabIndex={0} className="mt-3 overflow-x-auto focus-visible:outline-3 focus-visible:outline-accent-700">
        <svg aria-hidden="true" width={width} height={h + 4} viewBox={`0 0 ${width} ${h + 4}`} data-testid="token-bars">
          {days.map((d, i) =>
            series.map((s, j) => {
              const v = d[s.key]
              const bh = (v / max) * h
              return <rect key={`${d.day}-${s.key}`} className={s.className} x={i * groupW + 3 + j * (barW + 1)} y={h - bh} width={barW} height={bh} />
            }),
          )}
          <line x1="0" x2={width} y1={h} y2={h} className="stroke-stone-400" />
        </svg>
      </div>
    </Card>
  )
}
