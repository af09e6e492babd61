import { Head, Link, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthHeading, OrSeparator, TermsNotice } from '../../components/auth/form-field'
import { Choice, TextField } from '../../components/ui/field'
import SocialButtons from '../../components/social-buttons'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { Button } from '../../components/ui/button'

/**
 * Sign-in: email + password (error bag "credentials") and, on the same page, a one-time code by
 * email (error bag "otp"), then the configured social providers.
 */
export default function Login() {
  const { t } = useTranslation()
  const { app } = usePageProps()
  const credentials = useForm({ email: '', password: '', remember: false })
  const otp = useForm({ email: '' })

  const submitCredentials = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    credentials.post(url('auth.email.login.post'), { errorBag: 'credentials', onFinish: () => credentials.reset('password') })
  }
  const submitOtp = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    otp.post(url('auth.otp.login.post'), { errorBag: 'otp' })
  }

  return (
    <>
      <Head title={t('auth.login.title')} />
      <AuthHeading title={t('auth.login.heading')} subtitle={t('auth.login.subheading')} />
      {app.isCredentialsAvailable && (
        <form onSubmit={submitCredentials} noValidate className="space-y-4" data-testid="login-form">
          <TextField
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            label={t('auth.fields.email')}
            placeholder={t('auth.fields.emailPlaceholder')}
            value={credentials.data.email}
            onChange={(e) => credentials.setData('email', e.target.value)}
            error={credentials.errors.email}
          />
          <TextField
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('auth.fields.password')}
            value={credentials.data.password}
            onChange={(e) => credentials.setData('password', e.target.value)}
            error={credentials.errors.password}
          />
          <div className="flex items-center justify-between gap-3 text-sm">
            <label className="flex items-center gap-2 text-stone-700">
              <Choice type="checkbox" name="remember" checked={credentials.data.remember} onChange={(e) => credentials.setData('remember', e.target.checked)} />
              {t('auth.fields.remember')}
            </label>
            <Link href={url('resetPassword.forgottenPassword')} className="font-medium text-brand-700 hover:underline">
              {t('auth.login.forgotten')}
            </Link>
          </div>
          <Button size="lg" block type="submit" disabled={credentials.processing}>
            {credentials.processing ? t('auth.login.submitting') : t('auth.login.submit')}
          </Button>
        </form>
      )}
      {app.isOtpAvailable && (
        <>
          {app.isCredentialsAvailable && <OrSeparator label={t('auth.or')} />}
          <form onSubmit={submitOtp} noValidate className="space-y-3" data-testid="otp-request-form">
            <h2 className="text-base font-bold text-stone-900">{t('auth.login.otpHeading')}</h2>
            <p className="text-sm text-stone-600">{t('auth.login.otpText')}</p>
            <TextField
              id="otp-email"
              name="email"
              type="email"
              autoComplete="email"
              label={t('auth.fields.email')}
              placeholder={t('auth.fields.emailPlaceholder')}
              value={otp.data.email}
              onChange={(e) => otp.setData('email', e.target.value)}
              error={otp.errors.email}
            />
            <Button variant="secondary" size="lg" block type="submit" disabled={otp.processing}>
              {t('auth.login.otpSubmit')}
            </Button>
          </form>
        </>
      )}
      <SocialButtons />
      {/* A code or a provider signs up an address that has no account yet. */}
      {(app.isOtpAvailable || app.availableProviders.length > 0) && <TermsNotice when="continue" className="mt-6" />}
      <p className="mt-8 text-center text-sm text-stone-600">
        {t('auth.login.noAccount')}{' '}
        <Link href={url('auth.register')} className="font-semibold text-brand-700 hover:underline">
          {t('auth.login.register')}
        </Link>
      </p>
    </>
  )
}
