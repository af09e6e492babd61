import { useTranslation } from 'react-i18next'
import type { Needs, NeedsGuide } from '../../types/props.gen'
import { fromKg, massUnit, perMass } from '../../lib/units'

/**
 * The needs result explained in sentences written from templates, with or without an AI
 * provider: what the activity adds, what the objective changes, the macronutrient split, the
 * protein against its floor, the weekly weight change it should bring and when to revisit; body
 * weights in the person's unit (pounds for lb/oz).
 */
export function NeedsGuideText({ needs: n, guide: g, units = 'g' }: { needs: Needs; guide: NeedsGuide; units?: string }) {
  const { t, i18n } = useTranslation()
  const fmt = (v: number, digits = 0) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v)
  const kg = (v: number) => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(v)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(g.reviewOn))
  const unit = massUnit(units)
  const weight = fmt(fromKg(n.input.body.weightKg, units), 1)
  const objective = (['weight_loss', 'muscle_gain', 'recomposition', 'maintenance'] as const).find((o) => o === n.input.objective) ?? 'maintenance'
  const recomposition = n.input.objective === 'recomposition'
  const proteinKey = n.proteinRaised ? 'raised' : recomposition ? 'recomposition' : g.proteinPerKg >= g.proteinFloorPerKg ? 'above' : 'below'
  const weeklyKey = g.weeklyChangeKg < 0 ? 'loss' : g.weeklyChangeKg > 0 ? 'gain' : 'stable'
  const activity = t(`profile.survey.activities.${n.input.activityLevel}`, { defaultValue: n.input.activityLevel })
  return (
    <div className="mt-4 rounded-xl bg-brand-50 p-4" data-testid="needs-guide">
      <h3 className="text-sm font-semibold text-stone-900">{t('needsGuide.title')}</h3>
      <ul className="mt-1 space-y-1 text-sm text-stone-800">
        <li data-testid="needs-guide-activity">{t('needsGuide.activity', { level: activity, activityKcal: fmt(g.activityKcal), bmr: fmt(n.bmr) })}</li>
        <li data-testid="needs-guide-objective">{t(`needsGuide.objective.${objective}`, { kcal: fmt(n.kcal), balance: fmt(Math.abs(g.balanceKcal)) })}</li>
        <li data-testid="needs-guide-split">
          {t('needsGuide.split', {
            protein: n.split.protein,
            fat: n.split.fat,
            carbs: n.split.carbs,
            proteinKcal: fmt(g.proteinKcal),
            fatKcal: fmt(g.fatKcal),
            carbsKcal: fmt(g.carbsKcal),
            proteinG: fmt(n.proteinG),
            fatG: fmt(n.fatG),
            carbsG: fmt(n.carbsG),
          })}
        </li>
        <li data-testid="needs-guide-protein">
          {t(`needsGuide.protein.${proteinKey}`, { proteinG: fmt(n.proteinG), perKg: fmt(perMass(g.proteinPerKg, units), 1), floorPerKg: fmt(perMass(g.proteinFloorPerKg, units), 2), floorG: fmt(g.proteinFloorG), weight, unit })}
        </li>
        <li data-testid="needs-guide-weekly">{t(`needsGuide.weekly.${weeklyKey}`, { kg: kg(fromKg(Math.abs(g.weeklyChangeKg), units)), balance: fmt(Math.abs(g.balanceKcal)), kcalPerKg: fmt(perMass(g.kcalPerKg, units)), unit })}</li>
        <li data-testid="needs-guide-review">
          {t('needsGuide.review', { weeks: g.reviewWeeks, date, kg: fmt(fromKg(g.reviewKg, units), 1), unit })}
          {g.weeksToReviewKg > 0 && <> {t('needsGuide.pace', { count: g.weeksToReviewKg, kg: fmt(fromKg(g.reviewKg, units), 1), unit })}</>}
        </li>
      </ul>
      <p className="mt-2 text-xs text-stone-600">{t('needsGuide.note')}</p>
    </div>
  )
}
