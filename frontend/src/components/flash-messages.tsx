import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServerText } from '../hooks/use-server-text'
import type { Flash } from '../types'

/** Server flash messages (translated by the server, in every locale: they follow the language switch). */
export default function FlashMessages({ flash }: { flash: Flash | undefined }) {
  const { t } = useTranslation()
  const [hidden, setHidden] = useState(false)
  useEffect(() => setHidden(false), [flash?.success, flash?.error])
  const text = useServerText(flash?.error ?? flash?.success)

  if (hidden || (!flash?.success && !flash?.error)) return null
  const isError = Boolean(flash.error)

  return (
    <div className="container-page pt-4">
      <div
        role={isError ? 'alert' : 'status'}
        data-testid={isError ? 'flash-error' : 'flash-success'}
        className={`flex items-start justify-between gap-4 rounded-xl border px-4 py-3 text-sm ${
          isError ? 'border-red-200 bg-red-50 text-red-800' : 'border-brand-200 bg-brand-50 text-brand-900'
        }`}
      >
        <p>{text}</p>
        <button
          type="button"
          onClick={() => setHidden(true)}
          aria-label={t('common.dismiss')}
          className="-m-1 rounded p-1 text-current opacity-70 hover:opacity-100"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M6.3 5.3a1 1 0 0 0-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 1 0 1.4 1.4L10 11.4l3.7 3.3a1 1 0 0 0 1.4-1.4L11.4 10l3.7-3.3a1 1 0 0 0-1.4-1.4L10 8.6 6.3 5.3Z" />
          </svg>
        </button>
      </div>
    </div>
  )
}
