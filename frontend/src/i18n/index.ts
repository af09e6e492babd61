import i18next, { type i18n as I18n } from 'i18next'
import LanguageDetector, { type CustomDetector, type DetectorOptions } from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import type { Locale } from '../types'

export const SUPPORTED_LOCALES: readonly Locale[] = ['fr', 'en']
export const DEFAULT_LOCALE: Locale = 'fr'
/** Cookie the Go server reads to render <html lang> and translate its own messages. */
export const LOCALE_COOKIE = 'i18next'
export const LOCALE_QUERY_PARAM = 'lng'

/**
 * Last detector in the chain: when no earlier source names a supported language (a German
 * browser, say), French wins. i18next picks the first *supported* code among everything the
 * detectors found, so this only decides when nothing else could; `fallbackLng: 'en'` is kept
 * for keys missing from a locale, as the spec asks.
 */
const frenchDefault: CustomDetector = {
  name: 'frenchDefault',
  lookup: () => DEFAULT_LOCALE,
}

export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag', frenchDefault.name],
  lookupQuerystring: LOCALE_QUERY_PARAM,
  lookupCookie: LOCALE_COOKIE,
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage', 'cookie'],
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' },
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value)
}

/** Creates and synchronously initialises an i18next instance (resources are bundled). */
export function createI18n(): I18n {
  const detector = new LanguageDetector()
  detector.addDetector(frenchDefault)

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
      detection: detectionOptions,
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
