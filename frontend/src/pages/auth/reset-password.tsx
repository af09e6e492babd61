import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthHeading, NewPasswordFields } from '../../components/auth/form-field'
import { url } from '../../lib/routes.gen'
import { Button } from '../../components/ui/button'

/** New password from a reset link; the token travels in the form, the address in the path. */
export default function ResetPassword({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation()
  const form = useForm({ token, password: '', password_confirmation: '' })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    form.post(url('resetPassword.resetPassword.post', { params: { email } }), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    })
  }
  return (
    <>
      <Head title={t('auth.reset.title')} />
      <AuthHeading title={t('auth.reset.heading')} subtitle={t('auth.reset.subheading', { email })} />
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="reset-form">
        <NewPasswordFields
          form={form}
          idPrefix="reset"
          labels={{ password: t('auth.fields.password'), confirmation: t('auth.fields.passwordConfirmation'), hint: t('auth.fields.passwordHint') }}
        />
        <Button size="lg" block type="submit" disabled={form.processing}>
          {form.processing ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
    </>
  )
}
