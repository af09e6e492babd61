import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { clock, stepDuration } from '../../lib/durations'

/** An ingredient line as the recipe page shows it. */
export interface KitchenIngredient {
  key: number
  name: string
  quantity: string
}

/** The Screen Wake Lock API (not in every DOM type set yet). */
interface WakeLockSentinelLike {
  release: () => Promise<void>
}
type WakeLockNavigator = Navigator & { wakeLock?: { request: (type: 'screen') => Promise<WakeLockSentinelLike> } }

/**
 * Kitchen mode: the recipe one step at a time in large text, for wet hands and a
 * phone on the counter. Arrow keys (or Page Up/Down, or the two large buttons) move between the
 * ingredients and the steps, Escape leaves; a polite live region reads each step to a screen
 * reader; the screen is kept awake where the browser has the Screen Wake Lock API; a step that
 * states a duration offers a timer, announced when it ends.
 */
export default function KitchenMode({ title, ingredients, steps, onClose }: { title: string; ingredients: KitchenIngredient[]; steps: string[]; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const box = useRef<HTMLDivElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  // 0 is the ingredients; 1..n the steps.
  const [at, setAt] = useState(0)
  const last = steps.length
  const [awake, setAwake] = useState<'on' | 'unsupported' | 'off'>('off')
  const [timer, setTimer] = useState<{ step: number; left: number; running: boolean } | null>(null)
  const [alarm, setAlarm] = useState('')

  const go = useCallback((to: number) => setAt(Math.min(Math.max(to, 0), last)), [last])

  // Focus moves into the dialog and back to the button that opened it.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    stage.current?.focus()
    return () => previous?.focus()
  }, [])

  // Keep the screen on while cooking; the lock drops when the tab is hidden, so take it again.
  useEffect(() => {
    const nav = navigator as WakeLockNavigator
    if (!nav.wakeLock) {
      setAwake('unsupported')
      return
    }
    let lock: WakeLockSentinelLike | null = null
    let closed = false
    const take = async () => {
      try {
        const l = await nav.wakeLock!.request('screen')
        if (closed) void l.release()
        else {
          lock = l
          setAwake('on')
        }
      } catch {
        setAwake('unsupported')
      }
    }
    const again = () => document.visibilityState === 'visible' && void take()
    void take()
    document.addEventListener('visibilitychange', again)
    return () => {
      closed = true
      document.removeEventListener('visibilitychange', again)
      void lock?.release()
    }
  }, [])

  // The running timer counts down once a second and rings at zero.
  useEffect(() => {
    if (!timer?.running) return
    if (timer.left <= 0) {
      setAlarm(t('mealprep.kitchen.timerDone', { step: timer.step }))
      navigator.vibrate?.([300, 150, 300])
      setTimer({ ...timer, running: false })
      return
    }
    const id = window.setTimeout(() => setTimer((x) => (x ? { ...x, left: x.left - 1 } : x)), 1000)
    return () => window.clearTimeout(id)
  }, [timer, t])

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      onClose()
      return
    }
    const inField = e.target instanceof HTMLElement && e.target.closest('button') !== null && (e.key === ' ' || e.key === 'Enter')
    if (inField) return
    if (e.key === 'ArrowRight' || e.key === 'PageDown') {
      e.preventDefault()
      go(at + 1)
    } else if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
      e.preventDefault()
      go(at - 1)
    } else if (e.key === 'Home') {
      e.preventDefault()
      go(0)
    } else if (e.key === 'End') {
      e.preventDefault()
      go(last)
    } else if (e.key === 'Tab' && box.current) {
      const items = [...box.current.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]')]
      const first = items[0]
      const end = items[items.length - 1]
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault()
        end?.focus()
      } else if (!e.shiftKey && document.activeElement === end) {
        e.preventDefault()
        first?.focus()
      }
    }
  }

  const step = at > 0 ? steps[at - 1]! : ''
  const duration = at > 0 ? stepDuration(step) : null
  const announce = at === 0 ? t('mealprep.kitchen.ingredientsTitle') : t('mealprep.kitchen.announce', { step: at, total: last, text: step })
  const timerHere = timer && timer.step === at

  // On the body: a layout's transformed or clipped ancestor must not cut the full-screen view.
  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-stone-50 text-stone-900"
      data-testid="kitchen-mode"
    >
      <div className="flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3">
        <h2 id={titleId} className="min-w-0 truncate text-lg font-bold">
          {title}
        </h2>
        <button type="button" className="btn-secondary shrink-0" onClick={onClose} data-testid="kitchen-close">
          {t('mealprep.kitchen.close')}
        </button>
      </div>
      <p className="px-4 pt-2 text-sm text-stone-600" data-testid="kitchen-awake">
        {awake === 'on' ? t('mealprep.kitchen.awake') : awake === 'unsupported' ? t('mealprep.kitchen.awakeUnsupported') : ''}
      </p>
      <div ref={stage} tabIndex={0} className="flex-1 px-4 py-6 focus:outline-none sm:px-10" aria-describedby={`${titleId}-keys`}>
        <p className="text-base font-semibold text-brand-800" data-testid="kitchen-position">
          {at === 0 ? t('mealprep.kitchen.ingredientsTitle') : t('mealprep.kitchen.stepOf', { step: at, total: last })}
        </p>
        {at === 0 ? (
          <ul className="mt-4 space-y-3 text-2xl leading-snug sm:text-3xl" data-testid="kitchen-ingredients">
            {ingredients.map((i) => (
              <li key={i.key} className="flex flex-wrap justify-between gap-x-4 border-b border-stone-200 pb-2">
                <span className="break-words">{i.name}</span>
                <span className="font-bold">{i.quantity}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-3xl leading-snug font-medium break-words sm:text-4xl" data-testid="kitchen-step">
            {step}
          </p>
        )}
        {duration && (
          <div className="mt-8 flex flex-wrap items-center gap-4" data-testid="kitchen-timer">
            {timerHere ? (
              <>
                <span className="font-mono text-5xl font-bold tabular-nums" role="timer" aria-label={t('mealprep.kitchen.timerLeft')}>
                  {clock(timer.left)}
                </span>
                <button type="button" className="btn-secondary px-5 py-3 text-lg" onClick={() => setTimer({ ...timer, running: !timer.running })}>
                  {timer.running ? t('mealprep.kitchen.pause') : t('mealprep.kitchen.resume')}
                </button>
                <button type="button" className="btn-secondary px-5 py-3 text-lg" onClick={() => setTimer(null)}>
                  {t('mealprep.kitchen.stopTimer')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="btn-primary px-6 py-3 text-lg"
                data-testid="kitchen-start-timer"
                onClick={() => {
                  setAlarm('')
                  setTimer({ step: at, left: duration.seconds, running: true })
                }}
              >
                {t('mealprep.kitchen.startTimer', { duration: clock(duration.seconds) })}
              </button>
            )}
          </div>
        )}
        {timer && !timerHere && (
          <p className="mt-6 text-lg text-stone-700">
            {t('mealprep.kitchen.timerElsewhere', { step: timer.step, left: clock(timer.left) })}
          </p>
        )}
      </div>
      <p id={`${titleId}-keys`} className="px-4 text-sm text-stone-600">
        {t('mealprep.kitchen.keys')}
      </p>
      <nav aria-label={t('mealprep.kitchen.navigation')} className="grid grid-cols-2 gap-3 border-t border-stone-200 bg-white p-4">
        <button type="button" className="btn-secondary py-4 text-xl" onClick={() => go(at - 1)} disabled={at === 0} data-testid="kitchen-previous">
          {t('mealprep.kitchen.previous')}
        </button>
        <button type="button" className="btn-primary py-4 text-xl" onClick={() => (at === last ? onClose() : go(at + 1))} data-testid="kitchen-next">
          {at === last ? t('mealprep.kitchen.finish') : t('mealprep.kitchen.next')}
        </button>
      </nav>
      <p aria-live="polite" className="sr-only" data-testid="kitchen-live">
        {announce}
      </p>
      <p role="alert" className="sr-only" data-testid="kitchen-alarm">
        {alarm}
      </p>
    </div>,
    document.body,
  )
}
