import { Head, Link, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthHeading } from '../../components/auth/form-field'
import { TextField } from '../../components/ui/field'
import { url } from '../../lib/routes.gen'
import { Button } from '../../components/ui/button'

/** Ask for a password reset link (the answer is the same for every address). */
export default function ForgottenPassword({ email = '' }: { email?: string }) {
  const { t } = useTranslation()
  const form = useForm({ email })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    form.post(url('resetPassword.askNewPassword.post'))
  }
  return (
    <>
      <Head title={t('auth.forgotten.title')} />
      <AuthHeading title={t('auth.forgotten.heading')} subtitle={t('auth.forgotten.subheading')} />
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="forgotten-form">
        <TextField
          id="forgotten-email"
          name="email"
          type="email"
          autoComplete="email"
          label={t('auth.fields.email')}
          placeholder={t('auth.fields.emailPlaceholder')}
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={form.errors.email}
        />
        <Button size="lg" block type="submit" disabled={form.processing}>
          {form.processing ? t('auth.forgotten.submitting') : t('auth.forgotten.submit')}
        </Button>
      </form>
      <Link href={url('auth.login')} className="mt-6 block text-center text-sm font-medium text-brand-700 hover:underline">
        {t('auth.forgotten.back')}
      </Link>
    </>
  )
}
