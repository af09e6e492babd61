import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../lib/format'
import { useLocale } from '../../hooks/use-locale'
import type { PageProps } from '../../types'

type Macros = PageProps['mealprep/recipe']['recipe']['target']

/**
 * Horizontal bars of a serving's macros against the meal target, drawn as plain markup (no
 * chart library: nothing added to any bundle). Each bar is described in text for screen
 * readers; the target is the dark tick.
 */
export default function MacroChart({ value, target }: { value: Macros; target: Macros }) {
  const { t } = useTranslation()
  const lang = useLocale()
  const rows = [
    { key: 'kcal', label: t('mealprep.recipe.kcal'), v: value.kcal, tg: target.kcal, unit: 'kcal' },
    { key: 'protein', label: t('mealprep.recipe.protein'), v: value.proteinG, tg: target.proteinG, unit: 'g' },
    { key: 'fat', label: t('mealprep.recipe.fat'), v: value.fatG, tg: target.fatG, unit: 'g' },
    { key: 'carbs', label: t('mealprep.recipe.carbs'), v: value.carbsG, tg: target.carbsG, unit: 'g' },
  ]
  return (
    <figure className="space-y-3" data-testid="macro-chart">
      <figcaption className="font-semibold text-stone-900">{t('mealprep.recipe.chartTitle')}</figcaption>
      <ul className="space-y-3">
        {rows.map((r) => {
          const scale = Math.max(r.v, r.tg, 1) * 1.15
          const summary = t('mealprep.recipe.chartSummary', { name: r.label, value: `${formatNumber(Math.round(r.v), lang)}\u00a0${r.unit}`, target: `${formatNumber(Math.round(r.tg), lang)}\u00a0${r.unit}` })
          return (
            <li key={r.key}>
              <p className="text-sm text-stone-700">{summary}</p>
              <div className="relative mt-1 h-4 rounded bg-stone-100" aria-hidden="true">
                <div className="h-4 rounded bg-brand-600" style={{ width: `${(r.v / scale) * 100}%` }} />
                {r.tg > 0 && <div className="absolute top-[-3px] h-[22px] w-0.5 bg-stone-900" style={{ left: `${(r.tg / scale) * 100}%` }} />}
              </div>
            </li>
          )
        })}
      </ul>
    </figure>
  )
}
