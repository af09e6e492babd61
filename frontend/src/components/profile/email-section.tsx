import { useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../ui/field'
import { url } from '../../lib/routes.gen'
import type { PageProps } from '../../types'
import { Card } from '../ui/card'
import { Button } from '../ui/button'

type Props = {
  email: string
  hasPassword: boolean
  pending: PageProps['account/index']['emailChange']
}

/**
 * The account's address and the form that asks to change it (its own error bag). The change
 * happens only when the link sent to the new address is opened (docs/profile.md).
 */
export function EmailSection({ email, hasPassword, pending }: Props) {
  const { t, i18n } = useTranslation()
  const form = useForm({ email: '', currentPassword: '' })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    form.post(url('account.email.post'), {
      errorBag: 'email',
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onFinish: () => form.reset('currentPassword'),
    })
  }
  const date = pending
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(pending.expiresAt))
    : ''
  return (
    <Card as="section" aria-labelledby="email-title">
      <h2 id="email-title" className="text-lg font-bold text-stone-900">
        {t('profile.email.title')}
      </h2>
      <p className="mt-2 text-sm text-stone-700">
        {t('profile.email.current')}{' '}
        <strong className="break-all font-semibold text-stone-900" data-testid="current-email">
          {email}
        </strong>
      </p>
      {pending && (
        <p role="status" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="pending-email">
          {t('profile.email.pending', { email: pending.email, date })}
        </p>
      )}
      <p className="mt-3 text-sm text-stone-600">{t('profile.email.intro')}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="email-form">
        <TextField
          id="email-new"
          name="email"
          type="email"
          autoComplete="email"
          label={t('profile.email.newEmail')}
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={form.errors.email}
          hint={hasPassword ? undefined : t('profile.email.passwordless')}
        />
        {hasPassword && (
          <TextField
            id="email-current-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={t('profile.email.currentPassword')}
            value={form.data.currentPassword}
            onChange={(e) => form.setData('currentPassword', e.target.value)}
            error={form.errors.currentPassword}
          />
        )}
        <Button type="submit" disabled={form.processing}>
          {t('profile.email.submit')}
        </Button>
      </form>
    </Card>
  )
}
