import { Head, Link, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthHeading, NewPasswordFields, TermsNotice } from '../../components/auth/form-field'
import { TextField } from '../../components/ui/field'
import SocialButtons from '../../components/social-buttons'
import { url } from '../../lib/routes.gen'
import { Button } from '../../components/ui/button'

/**
 * Credential sign-up. Typed values survive a refusal; so do the passwords, unless the refusal is
 * about them (they only ever live in this page's memory, never in the URL or a server answer).
 */
export default function Register() {
  const { t } = useTranslation()
  const form = useForm({ name: '', surname: '', email: '', password: '', password_confirmation: '' })

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    form.post(url('auth.register.post'), {
      onError: (errors) => {
        if (errors.password || errors.password_confirmation) form.reset('password', 'password_confirmation')
      },
    })
  }

  return (
    <>
      <Head title={t('auth.register.title')} />
      <AuthHeading title={t('auth.register.heading')} subtitle={t('auth.register.subheading')} />
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="register-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="register-name" name="name" autoComplete="given-name" label={t('auth.fields.name')} value={form.data.name} onChange={(e) => form.setData('name', e.target.value)} error={form.errors.name} />
          <TextField id="register-surname" name="surname" autoComplete="family-name" label={t('auth.fields.surname')} value={form.data.surname} onChange={(e) => form.setData('surname', e.target.value)} error={form.errors.surname} />
        </div>
        <TextField
          id="register-email"
          name="email"
          type="email"
          autoComplete="email"
          label={t('auth.fields.email')}
          placeholder={t('auth.fields.emailPlaceholder')}
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={form.errors.email}
          hint={t('auth.register.notice')}
        />
        <NewPasswordFields
          form={form}
          idPrefix="register"
          labels={{ password: t('auth.fields.password'), confirmation: t('auth.fields.passwordConfirmation'), hint: t('auth.fields.passwordHint') }}
        />
        <Button size="lg" block type="submit" disabled={form.processing}>
          {form.processing ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
        <TermsNotice />
      </form>
      <SocialButtons />
      <p className="mt-8 text-center text-sm text-stone-600">
        {t('auth.register.haveAccount')}{' '}
        <Link href={url('auth.login')} className="font-semibold text-brand-700 hover:underline">
          {t('auth.register.login')}
        </Link>
      </p>
    </>
  )
}
