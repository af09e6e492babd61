import { useTranslation } from 'react-i18next'
import { usePageProps } from '../hooks/use-page-props'
import { url } from '../lib/routes.gen'
import { buttonClass } from './ui/button'

/** Providers we have a button for, in display order; the server decides which are enabled. */
const known = ['google', 'apple'] as const
type Provider = (typeof known)[number]

function ProviderIcon({ provider }: { provider: Provider }) {
  if (provider === 'google') {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
        <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z" />
        <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z" />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
        <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z" />
      </svg>
    )
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.6 1.2-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.1-4.3ZM13.9 5.1A4.4 4.4 0 0 0 15 1.9a4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1.1 3.1c1.1.1 2.2-.6 2.9-1.4Z" />
    </svg>
  )
}

/**
 * "Continue with Google / Apple" links, only for the providers the server says are configured
 * (`app.availableProviders`). They are plain links, not Inertia visits: the server answers with
 * a redirect to the provider's own site, which needs a full page navigation.
 */
export default function SocialButtons() {
  const { t } = useTranslation()
  const { app } = usePageProps()
  const providers = known.filter((p) => app.availableProviders.includes(p))
  if (providers.length === 0) return null
  return (
    <nav aria-label={t('social.heading')} className="mt-6" data-testid="social-buttons">
      <p className="flex items-center gap-3 text-sm text-stone-500 before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
        {t('social.heading')}
      </p>
      <ul className="mt-4 grid gap-3">
        {providers.map((p) => (
          <li key={p}>
            <a href={url(`${p}.redirect`)} className={buttonClass({ variant: 'secondary', size: 'lg', block: true })} data-provider={p}>
              <ProviderIcon provider={p} />
              {t(`social.${p}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
