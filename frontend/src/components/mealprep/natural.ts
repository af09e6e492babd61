import type { TFunction } from 'i18next'
import type { Units } from '../../lib/units'
import type { NaturalUnit } from '../../types/props.gen'

/** Millilitres in a US fluid ounce. */
export const ML_PER_FL_OZ = 29.5735295625

/**
 * A quantity said the way people count the food: eggs by the piece (to the half),
 * oils in ml, or in fl oz for people using pounds and ounces. Null for a food counted in grams
 * only; the grams stay beside it wherever it is shown.
 */
export function naturalQuantity(grams: number, natural: NaturalUnit | null, units: Units, t: TFunction, locale: string): string | null {
  if (!natural || natural.grams <= 0) return null
  const nf = (v: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v)
  const amount = grams / natural.grams
  if (natural.kind === 'piece') {
    const count = Math.max(0.5, Math.round(amount * 2) / 2)
    return t('mealprep.food.natural.eggs', { count, n: nf(count, 1) })
  }
  if (units === 'lb') return t('mealprep.food.natural.flOz', { n: nf(amount / ML_PER_FL_OZ, 1) })
  return t('mealprep.food.natural.ml', { n: nf(amount, 0) })
}

/** "2 œufs (100 g)" when the food has a natural unit, else the grams alone. */
export function withNatural(natural: string | null, quantity: string): string {
  return natural ? `${natural} (${quantity})` : quantity
}
