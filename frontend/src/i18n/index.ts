import i18next, { type i18n as I18n, type LanguageDetectorModule, type PostProcessorModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { formatNumber } from '../lib/format'
import type { Locale } from '../types'

export const SUPPORTED_LOCALES: readonly Locale[] = ['fr', 'en']
export const DEFAULT_LOCALE: Locale = 'fr'
/** Cookie the Go server reads to render <html lang> and translate its own messages. */
export const LOCALE_COOKIE = 'i18next'
export const LOCALE_QUERY_PARAM = 'lng'

const LOCALE_STORAGE_KEY = 'i18nextLng'
const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365

/**
 * Where the language comes from, first match wins: ?lng=, the i18next cookie (which the server
 * reads too), localStorage, sessionStorage, the browser's languages, <html lang>, then French.
 * i18next picks the first *supported* code of the list (so "de" is skipped and "en-GB" is "en");
 * French ends the list, so it only decides when nothing else could (a German browser, say);
 * `fallbackLng: 'en'` is kept for keys missing from a locale, as the spec asks. Written here
 * rather than with i18next-browser-languagedetector: the landing page's JavaScript budget
 * (docs/performance.md) has no room for a library covering sources we do not use.
 */
export function detectLanguages(): string[] {
  const found: (string | null | undefined)[] = []
  if (typeof window === 'undefined') return [DEFAULT_LOCALE]
  found.push(new URLSearchParams(window.location.search).get(LOCALE_QUERY_PARAM))
  const cookie = document.cookie.split(';').map((c) => c.trim().split('='))
  found.push(cookie.find(([k]) => k === LOCALE_COOKIE)?.[1])
  found.push(safeStorage(() => window.localStorage.getItem(LOCALE_STORAGE_KEY)))
  found.push(safeStorage(() => window.sessionStorage.getItem(LOCALE_STORAGE_KEY)))
  found.push(...(navigator.languages ?? []), navigator.language)
  found.push(document.documentElement.getAttribute('lang'))
  found.push(DEFAULT_LOCALE)
  return found.filter((v): v is string => typeof v === 'string' && v !== '').map(decode)
}

function decode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

/** Remembers the chosen language in localStorage and in the cookie the server reads. */
function cacheLanguage(lng: string) {
  if (typeof window === 'undefined') return
  safeStorage(() => window.localStorage.setItem(LOCALE_STORAGE_KEY, lng))
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(lng)}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`
}

/** Storage can throw (privacy modes, sandboxed frames); a language is then simply not cached. */
function safeStorage<T>(fn: () => T): T | undefined {
  try {
    return fn()
  } catch {
    return undefined
  }
}

const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguages,
  cacheUserLanguage: cacheLanguage,
}

/** Interpolated values that are numbers but not quantities: never grouped ("2026", not "2 026"). */
const NOT_QUANTITIES = new Set(['year', 'id', 'code'])

/**
 * Writes every number a message interpolates in the language's way ("2 200 kcal", "0,5 jour",
 * "−27,8" in French), so no page has to remember to. Registered as i18next's formatter with
 * alwaysFormat; messages use no named formats.
 */
const numberFormatter = {
  type: 'formatter' as const,
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, _format: string | undefined, lng: string | undefined, options?: { interpolationkey?: string }) {
    if (typeof value !== 'number' || !Number.isFinite(value) || NOT_QUANTITIES.has(options?.interpolationkey ?? '')) return value
    return formatNumber(value, isLocale(lng) ? lng : DEFAULT_LOCALE, 2)
  },
}

/**
 * French elides "de", "que", "le", "la" before a vowel: "Quantité d’œuf cru", "Pas encore
 * d’en-cas". Messages are written right (typography.test.ts); this fixes what an interpolated
 * name brings. An h is left alone (h aspiré is common in food names: "de haricots"), and so is an
 * email address ("en tant que anna@example.com").
 */
const frenchElision: PostProcessorModule = {
  type: 'postProcessor',
  name: 'elision',
  process(value, _key, options, translator) {
    const lng = (options as { lng?: string }).lng ?? (translator as { language?: string }).language
    if (typeof value !== 'string' || !lng?.startsWith('fr')) return value
    return value.replace(/(?<!\p{L})(de|que|le|la) (?=[aeiouéèêàâîôûœ][^\s@]*(?:[\s,.;:!?)]|$))/giu, (word: string) => `${word.slice(0, -2)}’`)
  },
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value)
}

/**
 * Creates and synchronously initialises an i18next instance with no messages: loadAreaMessages
 * adds the core messages and the areas' of the language in use before a page renders, and
 * changeLocale those of another language before switching to it.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance()
  instance
    .use(detector)
    .use(numberFormatter)
    .use(frenchElision)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LOCALES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      fallbackLng: 'en',
      interpolation: { escapeValue: false, alwaysFormat: true },
      postProcess: ['elision'],
      returnNull: false,
      initAsync: false,
    })

  syncHtmlLang(instance)
  instance.on('languageChanged', () => syncHtmlLang(instance))
  return instance
}

/** The language actually in use, narrowed to one we ship. */
export function currentLocale(instance: I18n): Locale {
  // Not resolvedLanguage alone: it needs the language's messages, which load after this is read
  // (an "en-US" browser is language "en-US", languages ["en"]).
  return [instance.resolvedLanguage, instance.language, ...(instance.languages ?? [])].find(isLocale) ?? DEFAULT_LOCALE
}

/**
 * For a signed-in person the server's `locale` prop is their stored language, which every device
 * follows (docs/profile.md): apply it to the first page and to each one an Inertia visit brings,
 * so a change made on another device shows at the next page (the server also set this device's
 * cookie, so a full load starts in it). That also caches it in the cookie and localStorage.
 * Visitors keep the detected language.
 */
export async function followServerLocale(instance: I18n, props: { locale?: unknown; auth?: { user?: unknown } | null } | undefined): Promise<void> {
  if (!props?.auth?.user || !isLocale(props.locale)) return
  if (currentLocale(instance) !== props.locale) await changeLocale(instance, props.locale)
}

function syncHtmlLang(instance: I18n) {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = currentLocale(instance)
  }
}

/**
 * The messages by area and language, locales/<area>/{fr,en}.ts: a chunk each, loaded on demand
 * and only in the language in use (each language's chunks are the same size as the other's, and
 * the landing page's JavaScript budget counts one: frontend/budget.go). `core` (common, nav,
 * landing, footer, offline, errors, dashboard) goes with every page; `public` (terms, privacy,
 * legal notice, waitlist) with the public pages but the landing page. French and English hold the
 * same keys (locales.test.ts), so `fallbackLng` never has to reach a language not loaded.
 */
const messageModules = import.meta.glob<Record<string, Record<string, unknown>>>(['../locales/*/fr.ts', '../locales/*/en.ts'])

/**
 * Areas whose messages the public pages (landing, legal, errors) use besides the core: the token
 * packs', and the public pages' own but on the landing page, whose JavaScript budget counts
 * what it loads (frontend/budget.go, LandingMessages).
 */
export const PUBLIC_PAGE_AREAS = ['billing', 'public']
const LANDING_AREAS = ['billing']

/**
 * Per message store: the areas pages have needed so far, and the message modules added. Keyed by
 * the store, not the instance: react-i18next's useTranslation hands out a Proxy of the instance.
 */
const state = new WeakMap<object, { areas: Set<string>; added: Set<string> }>()

function stateOf(instance: I18n) {
  let s = state.get(instance.store)
  if (!s) {
    s = { areas: new Set(['core']), added: new Set() }
    state.set(instance.store, s)
  }
  return s
}

/** Adds the messages of every area needed so far in lng; resolves once they are in. */
async function loadMessages(instance: I18n, lng: Locale): Promise<void> {
  const s = stateOf(instance)
  await Promise.all(
    [...s.areas].map(async (area) => {
      const path = `../locales/${area}/${lng}.ts`
      const load = messageModules[path]
      if (s.added.has(path) || !load) return
      const mod = await load()
      for (const messages of Object.values(mod)) instance.addResourceBundle(lng, 'translation', messages, true, true)
      s.added.add(path)
    }),
  )
}

/**
 * Adds to instance, in the language in use, the core messages and those of the areas the page
 * `component` may use: the billing area's for the landing page, with the public area's for
 * another public or error page, every area's for any other page (its own, and those of the
 * components it shares with other areas). Resolves once they are in.
 */
export async function loadAreaMessages(instance: I18n, component: string): Promise<void> {
  const s = stateOf(instance)
  const publicPage = /^(public|errors)\//.test(component)
  const areas = component === 'public/landing' ? LANDING_AREAS : PUBLIC_PAGE_AREAS
  for (const path of Object.keys(messageModules)) {
    const area = path.split('/')[2] ?? ''
    if (!publicPage || areas.includes(area)) s.areas.add(area)
  }
  await loadMessages(instance, currentLocale(instance))
}

/**
 * Switches to lng once its messages for every area loaded so far are in, so nothing renders
 * untranslated: use it rather than i18n.changeLanguage.
 */
export async function changeLocale(instance: I18n, lng: Locale): Promise<void> {
  await loadMessages(instance, lng)
  await instance.changeLanguage(lng)
}
