import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './ui/button'

type Pending = { message: string; confirmLabel?: string; resolve: (ok: boolean) => void }

/**
 * An in-app replacement for window.confirm: `const [confirm, dialog] = useConfirm()`, render
 * `dialog`, then `if (await confirm(message)) …`. The dialog is modal and labelled by its message,
 * keeps Tab inside itself, closes on Escape (as "cancel") and gives focus back to what had it.
 */
export function useConfirm(): [(message: string, confirmLabel?: string) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<Pending | null>(null)
  const confirm = useCallback(
    (message: string, confirmLabel?: string) => new Promise<boolean>((resolve) => setPending({ message, confirmLabel, resolve })),
    [],
  )
  const close = (ok: boolean) => {
    pending?.resolve(ok)
    setPending(null)
  }
  const dialog = pending ? <ConfirmDialog message={pending.message} confirmLabel={pending.confirmLabel} onClose={close} /> : null
  return [confirm, dialog]
}

/** The dialog itself; onClose(true) on confirm, onClose(false) on cancel or Escape. */
export function ConfirmDialog({ message, confirmLabel, onClose }: { message: string; confirmLabel?: string; onClose: (ok: boolean) => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const messageId = useId()
  const box = useRef<HTMLDivElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // Cancel takes focus first: Enter on a destructive question must not destroy.
    cancel.current?.focus()
    return () => previous?.focus()
  }, [])

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      onClose(false)
      return
    }
    if (e.key !== 'Tab' || !box.current) return
    const items = [...box.current.querySelectorAll<HTMLElement>('button:not([disabled])')]
    const first = items[0]
    const last = items[items.length - 1]
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last?.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first?.focus()
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-stone-900/50 p-4" onKeyDown={onKeyDown}>
      <div
        ref={box}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl"
        data-testid="confirm-dialog"
      >
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {t('common.confirmTitle')}
        </h2>
        <p id={messageId} className="text-stone-700">
          {message}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" ref={cancel} type="button" onClick={() => onClose(false)} data-testid="confirm-cancel">
            {t('common.cancel')}
          </Button>
          <Button variant="danger" type="button" onClick={() => onClose(true)} data-testid="confirm-ok">
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </div>
      </div>
    </div>
  )
}
