/** Quantities in the person's unit: grams, or pounds and ounces (docs/product.md §3 "units"). */
export type Units = 'g' | 'lb'

export const GRAMS_PER_OUNCE = 28.349523125

/** Grams in a pound (16 ounces). */
export const GRAMS_PER_POUND = GRAMS_PER_OUNCE * 16

/** The unit a quantity input uses: grams, or ounces for people who chose lb/oz. */
export function inputUnit(units: Units): 'g' | 'oz' {
  return units === 'lb' ? 'oz' : 'g'
}

/** Grams → the value shown in a quantity input (ounces to 0.1). */
export function toInput(grams: number, units: Units): number {
  return units === 'lb' ? Math.round((grams / GRAMS_PER_OUNCE) * 10) / 10 : grams
}

/** A quantity input → whole grams, NaN when it is not a number. */
export function fromInput(value: string, units: Units): number {
  const n = Number(value.replace(',', '.'))
  if (!Number.isFinite(n) || value.trim() === '') return Number.NaN
  return Math.round(units === 'lb' ? n * GRAMS_PER_OUNCE : n)
}

/** A quantity for reading: "250 g", "1,2 kg", "8.8 oz" or "2 lb 3 oz". */
export function formatQuantity(grams: number, units: Units, locale: string): string {
  const nf = (v: number, digits = 1) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v)
  if (units === 'lb') {
    const oz = grams / GRAMS_PER_OUNCE
    if (oz < 16) return `${nf(oz)} oz`
    // Whole ounces first, so 2 lb (907 g, 31.99 oz) reads "2 lb", never "1 lb 16 oz".
    const whole = Math.round(oz)
    const lb = Math.floor(whole / 16)
    return whole % 16 === 0 ? `${lb} lb` : `${lb} lb ${whole % 16} oz`
  }
  return grams >= 1000 ? `${nf(grams / 1000, 2)} kg` : `${nf(grams, 0)} g`
}

/** Kilograms in a pound (exact, by definition). */
export const KG_PER_POUND = 0.45359237

/** Centimetres in an inch (exact). */
export const CM_PER_INCH = 2.54

/** The unit body weights are read in: kilograms, or pounds for people who chose lb/oz. */
export function massUnit(units: string): 'kg' | 'lb' {
  return units === 'lb' ? 'lb' : 'kg'
}

/** Kilograms → the person's body-weight unit (a weight, or a weekly change). */
export function fromKg(kg: number, units: string): number {
  return units === 'lb' ? kg / KG_PER_POUND : kg
}

/** A figure per kilogram (g of protein per kg, kcal per kg) → per the person's unit. */
export function perMass(perKg: number, units: string): number {
  return units === 'lb' ? perKg * KG_PER_POUND : perKg
}

/** Centimetres → the person's height unit (inches for lb/oz). */
export function fromCm(cm: number, units: string): number {
  return units === 'lb' ? cm / CM_PER_INCH : cm
}

/** A unit a "what I have" quantity may be typed in. */
export type StockUnit = 'g' | 'lb' | 'oz'

/** The units a person may type what they have in: grams, or pounds and ounces. */
export function stockUnits(units: string): StockUnit[] {
  return units === 'lb' ? ['lb', 'oz'] : ['g']
}

/** A quantity typed in unit → whole grams, NaN when it is not a number. */
export function gramsFrom(value: string, unit: StockUnit): number {
  const n = Number(value.replace(',', '.'))
  if (!Number.isFinite(n) || value.trim() === '') return Number.NaN
  const per = unit === 'lb' ? GRAMS_PER_POUND : unit === 'oz' ? GRAMS_PER_OUNCE : 1
  return Math.round(n * per)
}

/** Grams → the figure shown in a quantity typed in unit (pounds to 0.01, ounces to 0.1). */
export function gramsIn(grams: number, unit: StockUnit): number {
  if (unit === 'lb') return Math.round((grams / GRAMS_PER_POUND) * 100) / 100
  if (unit === 'oz') return Math.round((grams / GRAMS_PER_OUNCE) * 10) / 10
  return grams
}
