import { Head, Link, useForm } from '@inertiajs/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthHeading, FormError } from '../../components/auth/form-field'
import { Choice, TextField } from '../../components/ui/field'
import { url } from '../../lib/routes.gen'
import { Button } from '../../components/ui/button'

interface Props {
  email: string
  /** Seconds before another code may be asked for. */
  resendIn: number
}

/** Code entry screen (/auth/otp/{email}) with "send again" after the 60 s cooldown (a countdown on the disabled button; its start and end announced). */
export default function Otp({ email, resendIn }: Props) {
  const { t } = useTranslation()
  const form = useForm({ email, code: '', remember: false })
  const resend = useForm<{ resend?: string }>({})
  const [wait, setWait] = useState(resendIn)

  // Screen readers hear when the wait starts and when it ends, not every second of it.
  const [announce, setAnnounce] = useState('')
  const waiting = useRef(false)

  useEffect(() => {
    setWait(resendIn)
    waiting.current = resendIn > 0
    setAnnounce(resendIn > 0 ? t('auth.otp.resendWait', { count: resendIn }) : '')
  }, [resendIn, t])
  useEffect(() => {
    if (wait <= 0) {
      if (waiting.current) {
        waiting.current = false
        setAnnounce(t('auth.otp.resendReady'))
      }
      return
    }
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000)
    return () => window.clearTimeout(id)
  }, [wait, t])

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    form.post(url('auth.otp.login.post'), { onError: () => form.reset('code') })
  }
  const askAgain = () => resend.post(url('auth.otp.askOtp.post', { params: { email } }), { preserveScroll: true })

  return (
    <>
      <Head title={t('auth.otp.title')} />
      <AuthHeading title={t('auth.otp.heading')} subtitle={t('auth.otp.subheading', { email })} />
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="otp-form">
        <TextField
          id="otp-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          label={t('auth.fields.code')}
          value={form.data.code}
          onChange={(e) => form.setData('code', e.target.value.replace(/\D/g, ''))}
          error={form.errors.code}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        />
        <label className="flex items-center gap-2 text-sm text-stone-700">
          <Choice type="checkbox" name="remember" checked={form.data.remember} onChange={(e) => form.setData('remember', e.target.checked)} />
          {t('auth.fields.remember')}
        </label>
        <Button size="lg" block type="submit" disabled={form.processing}>
          {form.processing ? t('auth.otp.submitting') : t('auth.otp.submit')}
        </Button>
      </form>
      <div className="mt-6 space-y-3 text-center">
        <FormError message={resend.errors.resend} testId="otp-resend-error" />
        <p role="status" className="sr-only" data-testid="otp-resend-status">
          {announce}
        </p>
        <Button variant="secondary" block type="button" onClick={askAgain} disabled={wait > 0 || resend.processing} data-testid="otp-resend">
          {wait > 0 ? t('auth.otp.resendIn', { seconds: wait }) : t('auth.otp.resend')}
        </Button>
        <Link href={url('auth.login')} className="block text-sm font-medium text-brand-700 hover:underline">
          {t('auth.otp.otherEmail')}
        </Link>
      </div>
    </>
  )
}
