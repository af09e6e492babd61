import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button } from '../../components/ui/button'
import { Input, Label } from '../../components/ui/field'

const points = ['offline', 'timer', 'sync'] as const

/** Mobile app page: the app is not out yet, visitors leave an email to hear about it. */
export default function Waitlist() {
  const { t } = useTranslation()
  const form = useForm({ email: '' })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    form.post(url('waitlist.post'), {
      preserveScroll: true,
      onSuccess: () => form.reset('email'),
    })
  }

  const error = form.errors.email
  return (
    <section className="bg-gradient-to-b from-brand-50 to-stone-50">
      <Head title={t('waitlist.title')} />
      <div className="container-page grid gap-12 py-16 sm:py-24 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">{t('waitlist.eyebrow')}</p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">{t('waitlist.heading')}</h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-stone-600">{t('waitlist.subheading')}</p>
          <ul className="mt-8 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-3 text-stone-700">
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-brand-600">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" />
                </svg>
                {t(`waitlist.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>

        <Card as="form" padding="xl" onSubmit={submit} noValidate>
          <Label htmlFor="waitlist-email">{t('waitlist.emailLabel')}</Label>
          <Input
            id="waitlist-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.data.email}
            onChange={(e) => form.setData('email', e.target.value)}
            placeholder={t('waitlist.emailPlaceholder')}
            size="lg"
            invalid={!!error}
            aria-describedby={error ? 'waitlist-email-error' : 'waitlist-note'}
            className="mt-2 block w-full"
          />
          {error && (
            <p id="waitlist-email-error" role="alert" data-testid="waitlist-error" className="mt-2 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <Button size="lg" block type="submit" disabled={form.processing} className="mt-5">
            {form.processing ? t('waitlist.submitting') : t('waitlist.submit')}
          </Button>
          <p id="waitlist-note" className="mt-3 text-center text-sm text-stone-500">
            {t('waitlist.privacyNote')}
          </p>
        </Card>
      </div>
    </section>
  )
}
