import type { Locale } from '../types'

const intlLocale: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' }

export function toIntlLocale(locale: Locale): string {
  return intlLocale[locale]
}

/**
 * Formats an amount given in cents, e.g. 499 → "4,99 €" / "4,99 $US" (fr) or "€4.99" / "$4.99"
 * (en): the way the server writes receipts and shopping lists (app/billing.FormatMoney).
 */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  const currencyDisplay = locale === 'en' ? 'narrowSymbol' : 'symbol'
  return minus(new Intl.NumberFormat(toIntlLocale(locale), { style: 'currency', currency, currencyDisplay }).format(cents / 100))
}

/** One whole unit of a currency, e.g. "1 €" or "€1". */
export function formatCurrencyUnit(currency: string, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), {
    style: 'currency',
    currency,
    currencyDisplay: locale === 'en' ? 'narrowSymbol' : 'symbol',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(1)
}

/**
 * A number as the person writes it: "2 200", "46,2", "−27,8" in French (narrow no-break space
 * between thousands, decimal comma), "2,200", "46.2", "−27.8" in English; negatives take the
 * minus sign U+2212, which Intl leaves as a hyphen.
 */
export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 1): string {
  return minus(new Intl.NumberFormat(toIntlLocale(locale), { maximumFractionDigits }).format(value))
}

/** Same as formatNumber (kept for the pages that already call it). */
export function formatDecimal(value: number, locale: Locale, maximumFractionDigits = 1): string {
  return formatNumber(value, locale, maximumFractionDigits)
}

/** A difference with its sign, e.g. "+4,5" or "−27,8". */
export function formatSigned(value: number, locale: Locale, maximumFractionDigits = 1): string {
  const s = formatNumber(value, locale, maximumFractionDigits)
  return value > 0 && s !== formatNumber(0, locale, maximumFractionDigits) ? `+${s}` : s
}

function minus(s: string): string {
  return s.replace(/-/g, '\u2212')
}

export function formatPercent(percent: number, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), { maximumFractionDigits: 0 }).format(percent)
}

/** A ratio as a percentage, e.g. 0.05 → "5 %" (fr) or "5%" (en). */
export function formatRatio(ratio: number, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), { style: 'percent', maximumFractionDigits: 0 }).format(ratio)
}
