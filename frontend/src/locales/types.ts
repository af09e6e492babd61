import type { frCore } from './core/fr'
import type { fr } from './fr'

/** Same tree as the French reference, every leaf a string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }
export type LocaleMessages = Shape<typeof fr>

/** The core messages every page loads with the entry. */
export type CoreMessages = Shape<typeof frCore>
