import type { ReactNode } from 'react'
import FlashMessages from '../components/flash-messages'
import SiteFooter from '../components/site-footer'
import SiteHeader from '../components/site-header'
import SkipLink from '../components/skip-link'
import { useFocusFirstInvalid } from '../lib/use-form-a11y'
import { useFlash } from '../lib/shared-props'

/** Landing, legal pages, waitlist and error pages. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  const flash = useFlash()
  useFocusFirstInvalid()
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader />
      <FlashMessages flash={flash} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
