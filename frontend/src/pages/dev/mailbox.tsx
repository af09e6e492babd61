import { Head } from '@inertiajs/react'
import { useTranslation } from 'react-i18next'
import { Card } from '../../components/ui/card'

interface Email {
  id: number
  to: string
  subject: string
  text: string
  links: string[]
  createdAt: string
}

/** Development mailbox (non-production): the emails sent without SMTP, newest first. */
export default function Mailbox({ emails }: { emails: Email[]; to: string }) {
  const { t } = useTranslation()
  return (
    <section className="container-page py-10">
      <Head title={t('mailbox.title')} />
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">{t('mailbox.heading')}</h1>
      <p className="mt-2 text-stone-600">{t('mailbox.text')}</p>
      {emails.length === 0 && <p className="mt-8 text-stone-500">{t('mailbox.empty')}</p>}
      <ul className="mt-8 space-y-4">
        {emails.map((m) => (
          <Card as="li" variant="panel" padding="md" key={m.id} data-testid="mailbox-email" data-to={m.to}>
            <p className="text-xs text-stone-500">
              {m.createdAt} · {t('mailbox.to')} <span data-testid="mailbox-to">{m.to}</span>
            </p>
            <h2 className="mt-1 font-bold text-stone-900" data-testid="mailbox-subject">
              {m.subject}
            </h2>
            {m.links.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label={t('mailbox.links')}>
                {m.links.map((l) => (
                  <li key={l}>
                    <a href={l} className="break-all text-brand-700 underline" data-testid="mailbox-link">
                      {l}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <pre className="mt-3 rounded-lg bg-stone-50 p-3 text-xs break-all whitespace-pre-wrap text-stone-700" data-testid="mailbox-text">
              {m.text}
            </pre>
          </Card>
        ))}
      </ul>
    </section>
  )
}
