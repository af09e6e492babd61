import { createI18n } from '../i18n'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import type { Locale } from '../types'

/**
 * An i18n instance holding every area's messages in both languages, set to lng: what a page
 * has once app.tsx loaded its area, for tests that render a component on its own.
 */
export async function testI18n(lng: Locale = 'fr') {
  const i18n = createI18n()
  i18n.addResourceBundle('fr', 'translation', fr, true, true)
  i18n.addResourceBundle('en', 'translation', en, true, true)
  await i18n.changeLanguage(lng)
  return i18n
}
