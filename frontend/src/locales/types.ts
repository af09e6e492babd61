import type { frCore } from './core/fr'
import type { ParseKeys } from 'i18next'
import type { fr } from './fr'

/** Same tree as the French reference, every leaf a string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }
export type LocaleMessages = Shape<typeof fr>

/** The core messages every page loads with the entry. */
export type CoreMessages = Shape<typeof frCore>
/** The dotted paths of the leaves whose text needs no t() options (no `{{variable}}`). */
type PlainLeaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? T[K] extends `${string}{{${string}}}${string}`
      ? never
      : `${P}${K}`
    : PlainLeaves<T[K], `${P}${K}.`>
}[keyof T & string]

/**
 * A key t() accepts without options (`nav.general`, `landing.faq.1.question`): what the server
 * may name in its props (page.MessageKey), which the page translates with a plain t(key).
 */
export type TranslationKey = PlainLeaves<typeof fr> & ParseKeys<'translation'>

// t() keys are type-checked against the French reference (en.ts has the same shape).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof fr }
  }
}
