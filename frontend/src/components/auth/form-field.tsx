import { Link } from '@inertiajs/react'
import type { ReactNode } from 'react'
import { Trans } from 'react-i18next'
import { url } from '../../lib/routes.gen'
import { useServerText } from '../../hooks/use-server-text'
import { TextField } from '../ui/field'

/** The values and errors of a form that sets a new password (sign-up, reset). */
type NewPasswordForm = {
  data: { password: string; password_confirmation: string }
  errors: Partial<Record<'password' | 'password_confirmation', string>>
  setData: (field: 'password' | 'password_confirmation', value: string) => void
}

/** Password and confirmation for a new password, with the policy hint; ids start with idPrefix. */
export function NewPasswordFields({ form, idPrefix, labels }: { form: NewPasswordForm; idPrefix: string; labels: { password: string; confirmation: string; hint: string } }) {
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        label={labels.password}
        value={form.data.password}
        onChange={(e) => form.setData('password', e.target.value)}
        error={form.errors.password}
        hint={labels.hint}
      />
      <TextField
        id={`${idPrefix}-password-confirmation`}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        label={labels.confirmation}
        value={form.data.password_confirmation}
        onChange={(e) => form.setData('password_confirmation', e.target.value)}
        error={form.errors.password_confirmation}
      />
    </>
  )
}

/** Page heading of the auth card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-extrabold tracking-tight text-stone-900">{title}</h1>
      {subtitle && <p className="mt-2 text-sm leading-relaxed text-stone-600">{subtitle}</p>}
    </div>
  )
}

/** A general (not field) form error. */
export function FormError({ message: sent, testId }: { message?: string; testId?: string }) {
  const message = useServerText(sent)
  if (!message) return null
  return (
    <p role="alert" data-testid={testId} className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  )
}

/** "— or —" separator between two ways to sign in. */
export function OrSeparator({ label }: { label: string }) {
  return (
    <p className="my-6 flex items-center gap-3 text-sm text-stone-500 before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
      {label}
    </p>
  )
}

/**
 * What signing up accepts, with links to both texts: "creating an account" under a sign-up
 * button, "continuing" where a sign-in that may create the account (a code, Google, Apple) starts.
 */
export function TermsNotice({ when = 'create', className = '' }: { when?: 'create' | 'continue'; className?: string }) {
  return (
    <p className={`text-center text-sm text-stone-600 ${className}`} data-testid="terms-notice">
      <Trans
        i18nKey={when === 'create' ? 'auth.register.terms' : 'auth.register.termsContinue'}
        components={{
          terms: <Link href={url('terms')} className="font-medium text-brand-800 underline" />,
          privacy: <Link href={url('privacy')} className="font-medium text-brand-800 underline" />,
        }}
      />
    </p>
  )
}
