import type { ReactNode } from 'react'
import FlashMessages from '../components/flash-messages'
import SiteFooter from '../components/site-footer'
import SiteHeader from '../components/site-header'
import SkipLink from '../components/skip-link'
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid'
import { useFlash } from '../hooks/use-flash'

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
