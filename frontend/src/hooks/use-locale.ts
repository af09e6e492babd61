import { useTranslation } from 'react-i18next'
import { currentLocale } from '../i18n'
import type { Locale } from '../types'

/** The active UI language, as one of the locales we ship. */
export function useLocale(): Locale {
  const { i18n } = useTranslation()
  return currentLocale(i18n)
}
