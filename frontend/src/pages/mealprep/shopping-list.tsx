import { Head, Link, router } from '@inertiajs/react'
import { Fragment, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageProps } from '../../hooks/use-page-props'
import { formatMoney } from '../../lib/format'
import { useLocale } from '../../hooks/use-locale'
import { url } from '../../lib/routes.gen'
import { Card } from '../../components/ui/card'
import { Button, buttonClass } from '../../components/ui/button'
import { Choice, Input } from '../../components/ui/field'
import { latest, pendingTicks, queueTick, syncTicks, type Tick } from '../../lib/ticks'

/** How often ticks still on the device are sent again. */
const RETRY_MS = 5000

/** /mealprep/{id}/shopping-list?days=N: the list by aisle, to copy, download or print. */
export default function ShoppingList() {
  const { t } = useTranslation()
  const lang = useLocale()
  const { mealPrep, days, limits, list, errors, auth } = usePageProps<'mealprep/shopping-list'>()
  const person = auth.user?.id ?? ''
  // The server's ticks, overlaid with the device's newer ones still to send (last write wins).
  const serverTicks = (): Tick[] =>
    (list?.aisles ?? []).flatMap((a) => a.items.filter((it) => it.tickedAt > 0).map((it) => ({ foodCode: it.foodCode, checked: it.checked, at: it.tickedAt })))
  const [ticks, setTicks] = useState<Map<number, Tick>>(() => latest(serverTicks(), pendingTicks(person, mealPrep.id)))
  const [waiting, setWaiting] = useState(() => pendingTicks(person, mealPrep.id).length)
  const sync = useCallback(async () => {
    const answer = await syncTicks(person, mealPrep.id)
    const pending = pendingTicks(person, mealPrep.id)
    setWaiting(pending.length)
    if (answer) setTicks((cur) => latest([...cur.values()], [...latest(answer, pending).values()]))
  }, [person, mealPrep.id])
  useEffect(() => {
    setTicks(latest(serverTicks(), pendingTicks(person, mealPrep.id)))
    void sync()
    window.addEventListener('online', sync)
    return () => window.removeEventListener('online', sync)
    // The list's ticks change with each visit of the page (a new list prop).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, sync])
  // The online event is not a promise of a network (a shop's weak signal, a captive portal):
  // while ticks wait, try again every few seconds too.
  useEffect(() => {
    if (waiting === 0) return
    const id = window.setInterval(() => void sync(), RETRY_MS)
    return () => window.clearInterval(id)
  }, [waiting, sync])
  const tick = (foodCode: number, checked: boolean) => {
    const t = { foodCode, checked, at: Date.now() }
    queueTick(person, mealPrep.id, t)
    setTicks((cur) => new Map(cur).set(foodCode, t))
    setWaiting(pendingTicks(person, mealPrep.id).length)
    void sync()
  }
  const [value, setValue] = useState(days ? String(days) : '')
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const textRef = useRef<HTMLTextAreaElement>(null)
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  const path = url('mealprep.shoppingList', { params: { id: mealPrep.id } })
  const daysError = errors?.days

  const submit = (e: FormEvent) => {
    e.preventDefault()
    router.get(path, { days: value.trim() }, { preserveScroll: true })
  }

  const copy = async () => {
    if (!list) return
    try {
      await navigator.clipboard.writeText(list.text)
      setCopyState('copied')
    } catch {
      setCopyState('failed')
      textRef.current?.select()
    }
  }

  return (
    <section className="container-page max-w-3xl space-y-6 py-8">
      <Head title={t('shopping.title')} />
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">
          {t('shopping.heading', { name: mealPrep.name })}
        </h1>
        <p className="mt-2 text-stone-600 print:hidden">{t('shopping.intro')}</p>
      </header>

      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3 print:hidden" data-testid="shopping-days-form">
        <div className="flex flex-col">
          <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
            {t('shopping.daysLabel')}
          </label>
          <Input
            id={inputId}
            name="days"
            type="number"
            inputMode="numeric"
            min={limits.minDays}
            max={limits.maxDays}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            size="sm"
            invalid={!!daysError}
            aria-describedby={daysError ? `${hintId} ${errorId}` : hintId}
            className="mt-1 w-28"
          />
          <span id={hintId} className="mt-1 text-xs text-stone-500">
            {t('shopping.daysHint', { min: limits.minDays, max: limits.maxDays })}
          </span>
        </div>
        <Button type="submit">
          {t('shopping.show')}
        </Button>
        {daysError && (
          <p id={errorId} role="alert" className="w-full text-sm font-medium text-red-700" data-testid="days-error">
            {daysError}
          </p>
        )}
      </form>

      {list && list.empty && (
        <Card as="p" variant="panel" className="text-stone-700" data-testid="shopping-empty">
          {t('shopping.empty')}
        </Card>
      )}

      {list && !list.empty && (
        <>
          <div className="flex flex-wrap gap-3 print:hidden">
            <Button type="button" onClick={copy} data-testid="shopping-copy">
              {t('shopping.copy')}
            </Button>
            <a href={list.csvUrl} download className={buttonClass({ variant: 'secondary' })} data-testid="shopping-csv">
              {t('shopping.csv')}
            </a>
            <Button variant="secondary" type="button" onClick={() => window.print()}>
              {t('shopping.print')}
            </Button>
          </div>
          <p aria-live="polite" className="text-sm text-stone-700 print:hidden">
            {copyState === 'copied' && t('shopping.copied')}
            {copyState === 'failed' && t('shopping.copyFailed')}
          </p>

          <h2 className="text-lg font-bold text-stone-900">{t('shopping.forDays', { count: list.days })}</h2>
          <p role="status" className="text-sm text-stone-600 print:hidden" data-testid="ticks-status">
            {waiting > 0 ? t('shopping.ticksWaiting', { count: waiting }) : t('shopping.ticksHint')}
          </p>
          {list.aisles.map((a) => (
            <section key={a.aisle} aria-labelledby={`aisle-${a.aisle}`} className="break-inside-avoid">
              <h3 id={`aisle-${a.aisle}`} className="border-b border-stone-200 pb-1 font-semibold text-stone-800">
                {a.name}
              </h3>
              <table className="mt-2 w-full text-left text-sm">
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{t('shopping.food')}</th>
                    <th scope="col">{t('shopping.quantity')}</th>
                    <th scope="col">{t('shopping.cost')}</th>
                  </tr>
                </thead>
                <tbody>
                  {a.items.map((it) => (
                    <Fragment key={it.foodCode}>
                      <tr
                        className={`${it.takesOver ? 'bg-amber-50' : 'border-b border-stone-100 last:border-0'}`}
                        data-takes-over={it.takesOver || undefined}
                      >
                        <th scope="row" className="py-1.5 pr-2 font-normal text-stone-900">
                          <label className="flex min-h-11 cursor-pointer items-center gap-3">
                            <Choice
                              type="checkbox"
                              size="md"
                              className="shrink-0"
                              checked={ticks.get(it.foodCode)?.checked ?? false}
                              onChange={(e) => tick(it.foodCode, e.target.checked)}
                              aria-describedby={it.takesOver ? `takes-over-${it.foodCode}` : undefined}
                              data-testid={`tick-${it.foodCode}`}
                            />
                            <span className={ticks.get(it.foodCode)?.checked ? 'text-stone-500 line-through' : undefined}>{it.name}</span>
                          </label>
                        </th>
                        <td className="py-1.5 pr-2 text-stone-800">{it.quantity}</td>
                        <td className="py-1.5 text-right whitespace-nowrap text-stone-600">{formatMoney(it.costCents, list.currency, lang)}</td>
                      </tr>
                      {it.takesOver && (
                        <tr className="border-b border-stone-100 bg-amber-50 last:border-0">
                          <td colSpan={3} className="pb-2 pl-9 text-xs font-medium text-amber-900">
                            <p id={`takes-over-${it.foodCode}`} data-testid="takes-over">
                              <span aria-hidden="true">⚠ </span>
                              {t(`shopping.takesOver.${it.takesOver}`, { pct: it.sharePct })}
                            </p>
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          <p className="font-semibold text-stone-900" data-testid="shopping-total">
            {t('shopping.total', { total: formatMoney(list.totalCents, list.currency, lang) })}
          </p>
          <p className="text-xs text-stone-500">{t('shopping.estimate')}</p>

          <div className="print:hidden">
            <label htmlFor={`${inputId}-text`} className="text-sm font-semibold text-stone-800">
              {t('shopping.plainText')}
            </label>
            <textarea
              id={`${inputId}-text`}
              ref={textRef}
              readOnly
              value={list.text}
              rows={8}
              className="mt-1 w-full rounded-lg border border-stone-300 p-3 font-mono text-xs"
            />
          </div>
        </>
      )}

      <p className="print:hidden">
        <Link href={url('mealprep.recipes', { params: { id: mealPrep.id } })} className="font-semibold text-brand-800 underline">
          {t('shopping.back')}
        </Link>
      </p>
    </section>
  )
}
