import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { billingEn } from '../locales/billing/en'
import { billingFr } from '../locales/billing/fr'
import { enCore } from '../locales/core/en'
import { frCore } from '../locales/core/fr'
import { publicFr } from '../locales/public/fr'
import { LOCALE_COOKIE, changeLocale, createI18n, currentLocale, followServerLocale, loadAreaMessages } from './index'

function setCookie(value: string | null) {
  document.cookie =
    value === null ? `${LOCALE_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT` : `${LOCALE_COOKIE}=${value}; path=/`
}

function setBrowserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages)
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '')
}

function setQuery(search: string) {
  window.history.replaceState(null, '', `/${search}`)
}

function detect(): string {
  return currentLocale(createI18n())
}

beforeEach(() => {
  setCookie(null)
  localStorage.clear()
  sessionStorage.clear()
  setQuery('')
  document.documentElement.removeAttribute('lang')
  setBrowserLanguages(['de-DE', 'de'])
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('language detection', () => {
  it('defaults to French when nothing names a supported language (German browser)', () => {
    expect(detect()).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')
  })

  it('uses the browser language when it is supported (en-US → en)', () => {
    setBrowserLanguages(['en-US', 'en'])
    expect(detect()).toBe('en')
  })

  it('takes the first supported browser language in order', () => {
    setBrowserLanguages(['de-DE', 'en-GB', 'fr-FR'])
    expect(detect()).toBe('en')
  })

  it('lets the query string beat the cookie', () => {
    setQuery('?lng=en')
    setCookie('fr')
    localStorage.setItem('i18nextLng', 'fr')
    expect(detect()).toBe('en')
  })

  it('lets the cookie beat localStorage', () => {
    setCookie('en')
    localStorage.setItem('i18nextLng', 'fr')
    expect(detect()).toBe('en')
  })

  it('lets localStorage beat sessionStorage', () => {
    localStorage.setItem('i18nextLng', 'en')
    sessionStorage.setItem('i18nextLng', 'fr')
    expect(detect()).toBe('en')
  })

  it('lets sessionStorage beat the browser language', () => {
    setBrowserLanguages(['fr-FR'])
    sessionStorage.setItem('i18nextLng', 'en')
    expect(detect()).toBe('en')
  })

  it('lets the browser language beat <html lang>', () => {
    setBrowserLanguages(['en-US'])
    document.documentElement.lang = 'fr'
    expect(detect()).toBe('en')
  })

  it('reads <html lang> when the browser language is unsupported', () => {
    document.documentElement.lang = 'en'
    expect(detect()).toBe('en')
  })

  it('skips unsupported values and keeps looking (cookie "de" → localStorage "en")', () => {
    setCookie('de')
    localStorage.setItem('i18nextLng', 'en')
    expect(detect()).toBe('en')
  })

  it('caches the language in localStorage and in the i18next cookie', async () => {
    const i18n = createI18n()
    await i18n.changeLanguage('en')
    expect(localStorage.getItem('i18nextLng')).toBe('en')
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`)
    expect(document.documentElement.lang).toBe('en')
    // …so the next page load keeps it.
    expect(detect()).toBe('en')
  })

  it('falls back to English for a key missing from French', () => {
    const i18n = createI18n()
    i18n.addResource('en', 'translation', 'onlyInEnglish', 'Only in English')
    expect(currentLocale(i18n)).toBe('fr')
    // @ts-expect-error: the key exists only in the English resource this test adds.
    expect(i18n.t('onlyInEnglish')).toBe('Only in English')
  })
})

describe('messages by language', () => {
  it('loads the language in use only, and another one before switching to it', async () => {
    const i18n = createI18n() // German browser: French
    await loadAreaMessages(i18n, 'public/landing')
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(true)
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false)
    expect(i18n.t('common.skipToContent')).toBe(frCore.common.skipToContent)
    expect(i18n.t('billing.currency.label')).toBe(billingFr.billing.currency.label)

    // Through a Proxy of the instance, as react-i18next's useTranslation hands it out.
    await changeLocale(new Proxy(i18n, {}), 'en')
    expect(currentLocale(i18n)).toBe('en')
    expect(i18n.t('common.skipToContent')).toBe(enCore.common.skipToContent)
    expect(i18n.t('billing.currency.label')).toBe(billingEn.billing.currency.label)
  })
})

describe('messages by page', () => {
  it('leaves the other public pages\' texts out of the landing page and loads them with those pages', async () => {
    const i18n = createI18n()
    await loadAreaMessages(i18n, 'public/landing')
    expect(i18n.exists('landing.hero.title')).toBe(true)
    expect(i18n.exists('terms.title')).toBe(false)
    expect(i18n.exists('waitlist.title')).toBe(false)
    await loadAreaMessages(i18n, 'public/terms')
    expect(i18n.t('terms.title')).toBe(publicFr.terms.title)
    expect(i18n.t('legal.title')).toBe(publicFr.legal.title)
  })
})

describe('a signed-in person\'s stored language', () => {
  it('wins over the device: the server\'s locale prop is applied, its messages loaded, and cached in the cookie', async () => {
    setCookie('fr')
    const i18n = createI18n()
    await loadAreaMessages(i18n, 'dashboard/settings')
    expect(currentLocale(i18n)).toBe('fr')
    await followServerLocale(i18n, { locale: 'en', auth: { user: { id: 'u1' } } })
    expect(i18n.t('common.skipToContent')).toBe(enCore.common.skipToContent)
    expect(currentLocale(i18n)).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`)
  })

  it('leaves a visitor with the detected language', async () => {
    setCookie('fr')
    const i18n = createI18n()
    await followServerLocale(i18n, { locale: 'en', auth: { user: null } })
    expect(currentLocale(i18n)).toBe('fr')
  })
})
