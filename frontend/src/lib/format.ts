import type { Locale } from '../types'

const intlLocale: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' }

export function toIntlLocale(locale: Locale): string {
  return intlLocale[locale]
}

/** Formats an amount given in cents, e.g. 499 → "4,99 €" (fr) or "€4.99" (en). */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), { style: 'currency', currency }).format(cents / 100)
}

/** One whole unit of a currency, e.g. "1 €" or "€1". */
export function formatCurrencyUnit(currency: string, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(1)
}

export function formatDecimal(value: number, locale: Locale, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(toIntlLocale(locale), { maximumFractionDigits }).format(value)
}

export function formatPercent(percent: number, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), { maximumFractionDigits: 0 }).format(percent)
}

/** A ratio as a percentage, e.g. 0.05 → "5 %" (fr) or "5%" (en). */
export function formatRatio(ratio: number, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), { style: 'percent', maximumFractionDigits: 0 }).format(ratio)
}
