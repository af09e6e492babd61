import i18next, { type i18n as I18n, type LanguageDetectorModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value)
}

/** Creates and synchronously initialises an i18next instance (resources are bundled). */
export function createI18n(): I18n {
  const instance = i18next.createInstance()
  instance
    .use(detector)
    .use(initReactI18next)
    .init({
      resources: { fr: { translation: fr }, en: { translation: en } },
      supportedLngs: [...SUPPORTED_LOCALES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    })

  syncHtmlLang(instance)
  instance.on('languageChanged', () => syncHtmlLang(instance))
  return instance
}

/** The language actually in use, narrowed to one we ship. */
export function currentLocale(instance: I18n): Locale {
  const lng = instance.resolvedLanguage ?? instance.language
  return isLocale(lng) ? lng : DEFAULT_LOCALE
}

function syncHtmlLang(instance: I18n) {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = currentLocale(instance)
  }
}
