import type { TFunction } from 'i18next'
import { formatDecimal } from '../../lib/format'
import type { Locale } from '../../types'
import type { SearchHit } from '../../types/props.gen'

/**
 * What a person compares foods by, per 100 g: "165 kcal · 31 g de protéines pour 100 g", in the
 * person's number format. Null when the food table gives no energy (the "energy unknown" badge
 * says so); an unknown protein figure is "?".
 */
export function per100Summary(per100g: SearchHit['per100g'], t: TFunction, locale: Locale): string | null {
  if (per100g.kcal === null) return null
  return t('mealprep.food.per100Short', {
    kcal: formatDecimal(per100g.kcal, locale, 0),
    protein: per100g.proteinG === null ? '?' : formatDecimal(per100g.proteinG, locale, 1),
  })
}
