import { router, usePage } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { SUPPORTED_LOCALES, changeLocale } from '../i18n'
import { url } from '../lib/routes.gen'
import { useLocale } from '../hooks/use-locale'
import type { SharedProps } from '../types'

/**
 * Two toggle buttons (FR / EN), each named "FR (Français)" for screen readers. Changing the language caches it in localStorage and in the
 * `i18next` cookie (read by the server) and updates <html lang> (see i18n/index.ts). A signed-in person's choice is also saved on their
 * account (every device and email follows it), and the page comes back in it.
 */
export default function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const active = useLocale()
  const signedIn = Boolean((usePage().props as Partial<SharedProps>).auth?.user)

  return (
    <div role="group" aria-label={t('language.label')} className={`inline-flex rounded-full border border-stone-300 bg-white p-0.5 ${className}`}>
      {SUPPORTED_LOCALES.map((lng) => {
        const pressed = lng === active
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            aria-pressed={pressed}
            data-testid={`lang-${lng}`}
            onClick={() => {
              if (pressed) return
              void changeLocale(i18n, lng)
              if (signedIn) router.post(url('dashboard.language.post'), { language: lng }, { preserveScroll: true })
            }}
            className={`min-w-10 rounded-full px-2.5 py-1 text-xs font-bold uppercase transition-colors ${
              pressed ? 'bg-brand-700 text-white' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'
            }`}
          >
            {/* The visible code starts the accessible name (WCAG 2.5.3), the language's name follows. */}
            {lng}
            <span className="sr-only"> ({t(`language.${lng}`)})</span>
          </button>
        )
      })}
    </div>
  )
}
