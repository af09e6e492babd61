import { Link } from '@inertiajs/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import BrandLogo from '../components/brand-logo'
import FlashMessages from '../components/flash-messages'
import LanguageSwitcher from '../components/language-switcher'
import SkipLink from '../components/skip-link'
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid'
import { useFlash } from '../hooks/use-flash'
import { usePageProps } from '../hooks/use-page-props'
import { url } from '../lib/routes.gen'
import { Card } from '../components/ui/card'

/** Sign-in, sign-up, one-time code and password pages: a centred card, nothing else. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { app } = usePageProps()
  const flash = useFlash()
  useFocusFirstInvalid()
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-stone-50">
      <SkipLink />
      <header className="container-page flex h-16 items-center justify-between">
        <Link href={url('index')} aria-label={t('common.brandHome', { brand: app.brandName })} className="rounded-lg">
          <BrandLogo name={app.brandName} />
        </Link>
        <LanguageSwitcher />
      </header>
      <FlashMessages flash={flash} />
      <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 py-10 outline-none sm:items-center">
        <Card padding="xl" className="w-full max-w-md">{children}</Card>
      </main>
    </div>
  )
}
