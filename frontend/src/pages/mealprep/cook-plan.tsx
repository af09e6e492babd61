import { Head, Link, router } from '@inertiajs/react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageProps } from '../../hooks/use-page-props'
import { url } from '../../lib/routes.gen'
import { formatNumber } from '../../lib/format'
import { formatQuantity } from '../../lib/units'
import { useLocale } from '../../hooks/use-locale'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Choice, FieldError, Input, Label } from '../../components/ui/field'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import type { Box, Text, WorkStep } from '../../types/props.gen'

/** /mealprep/{id}/plan/cook?days=N&sessions=1|2: the batch-cooking plan, to read and to print. */
export default function CookPlan() {
  const { t } = useTranslation()
  const locale = useLocale()
  const { mealPrep, days, sessions, limits, plan, people, units, errors } = usePageProps<'mealprep/cook-plan'>()
  const [daysValue, setDaysValue] = useState(days ? String(days) : '')
  const [sessionsValue, setSessionsValue] = useState(String(sessions || 1))
  const daysId = useId()
  const hintId = useId()
  // FieldError names itself `cook-error`; the days input points at it.
  const errorId = 'cook-error'
  const path = url('mealprep.plan.cook', { params: { id: mealPrep.id } })
  const tx = (x: Text) => (locale === 'en' ? x.en : x.fr)
  // In the person's unit; a quantity never breaks across lines.
  const grams = (g: number) => formatQuantity(g, units, locale).replaceAll(' ', '\u00a0')
  const daysError = errors?.days
  const sessionsError = errors?.sessions

  const submit = (e: FormEvent) => {
    e.preventDefault()
    router.get(path, { days: daysValue.trim(), sessions: sessionsValue }, { preserveScroll: true })
  }

  // French puts a narrow no-break space before the colon.
  const colon = locale === 'en' ? ': ' : '\u202f: '
  const stepText = (s: WorkStep) => {
    const parts = [s.kind === 'preheat' || s.kind === 'box' ? tx(s.method) : `${tx(s.method)}${colon}${tx(s.food)} (${grams(s.grams)})`]
    if (s.batches > 1) parts.push(t('batchcook.batches', { count: s.batches }))
    if (s.for.length > 1) parts.push(t('batchcook.split', { parts: s.for.map((f) => `${grams(f.grams)} ${f.recipe}`).join(', ') }))
    if (s.while.length > 0) parts.push(t('batchcook.while', { foods: s.while.map(tx).join(', ') }))
    return parts.join(' · ')
  }

  const label = (b: Box) => (
    <li key={b.number} className="break-inside-avoid rounded-lg border-2 border-dashed border-stone-400 p-3 text-sm" data-testid="box-label" data-freezer={b.freezer ? 'true' : 'false'}>
      <p className="font-bold text-stone-900">
        {t('batchcook.box', { number: b.number })} · {b.person}
      </p>
      <p className="text-stone-900">{b.recipe}</p>
      <p className="text-stone-700">
        {t('batchcook.portions', { count: b.portions })} · {t('batchcook.eatOn', { day: b.day, meal: t(`batchcook.meal.${b.meal}`) })}
      </p>
      <p className="text-stone-700">{t('batchcook.cookedOn', { day: b.cookedOn })}</p>
      <p className="font-semibold text-stone-900">
        {b.freezer ? t('batchcook.freezer') : t('batchcook.fridge')} · {t('batchcook.eatBy', { day: b.eatBy })}
      </p>
      {b.freezer && <p className="font-semibold text-blue-900">{t('batchcook.thaw', { day: b.thawNight ?? b.day - 1 })}</p>}
      {b.addFresh.length > 0 && <p className="text-stone-700">{t('batchcook.addFresh', { foods: b.addFresh.map(tx).join(', ') })}</p>}
    </li>
  )

  return (
    <section className="container-page max-w-4xl space-y-8 py-8 print:py-0">
      <Head title={t('batchcook.title')} />
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">{t('batchcook.heading', { name: mealPrep.name })}</h1>
        <p className="mt-2 text-stone-600 print:hidden">{t('batchcook.intro')}</p>
      </header>

      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-4 print:hidden" data-testid="cook-form">
        <div className="flex flex-col">
          <Label htmlFor={daysId}>{t('batchcook.daysLabel')}</Label>
          <Input
            id={daysId}
            name="days"
            type="number"
            inputMode="numeric"
            min={limits.minDays}
            max={limits.maxDays}
            value={daysValue}
            onChange={(e) => setDaysValue(e.target.value)}
            invalid={!!daysError}
            aria-describedby={daysError ? `${hintId} ${errorId}` : hintId}
            size="sm"
            className="mt-1 w-28"
          />
          <span id={hintId} className="mt-1 text-xs text-stone-600">
            {t('batchcook.daysHint', { min: limits.minDays, max: limits.maxDays })}
          </span>
        </div>
        <fieldset className="flex flex-col">
          <legend className="text-sm font-semibold text-stone-800">{t('batchcook.sessionsLabel')}</legend>
          <div className="mt-1 flex gap-4">
            {[1, 2].map((n) => (
              <label key={n} className="flex items-center gap-2 py-2">
                <Choice type="radio" name="sessions" value={n} checked={sessionsValue === String(n)} onChange={() => setSessionsValue(String(n))} />
                {t('batchcook.sessions', { count: n })}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit">{t('batchcook.show')}</Button>
        <FieldError id="cook" message={daysError ?? sessionsError} className="w-full" />
      </form>

      <section aria-labelledby="cook-people" className="print:hidden">
        <h2 id="cook-people" className="text-lg font-bold text-stone-900">
          {t('batchcook.people')}
        </h2>
        <ul className="mt-1 text-stone-700">
          {people.map((p) => (
            <li key={p.name}>{t('batchcook.peopleGoal', { name: p.name, kcal: Math.round(p.daily.kcal) })}</li>
          ))}
        </ul>
        <Link href={url('household')} className="font-semibold text-brand-800 underline">
          {t('batchcook.manageHousehold')}
        </Link>
      </section>

      {plan && (
        <>
          <div className="print:hidden">
            <Button variant="secondary" onClick={() => window.print()} data-testid="cook-print">
              {t('batchcook.print')}
            </Button>
          </div>
          {plan.boxes.length === 0 && (
            <Card as="p" variant="panel" className="text-stone-700">
              {t('batchcook.noRecipes')}
            </Card>
          )}
          {plan.warnings.length > 0 && (
            <section aria-labelledby="cook-warnings" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
              <h2 id="cook-warnings" className="font-bold text-amber-900">
                {t('batchcook.warnings')}
              </h2>
              <ul className="mt-1 list-disc pl-5 text-amber-900">
                {plan.warnings.map((w) => (
                  <li key={w.box}>
                    {w.recipe}
                    {colon}
                    {tx(w.why)}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {plan.sessions
            .filter((s) => s.recipes.length > 0)
            .map((s) => (
              <section key={s.number} aria-labelledby={`session-${s.number}`} className="space-y-3" data-testid="cook-session">
                <h2 id={`session-${s.number}`} className="text-xl font-bold text-stone-900">
                  {t('batchcook.sessionHeading', { number: s.number, day: s.day })}
                </h2>
                <p className="text-stone-700">{t('batchcook.sessionSummary', { minutes: s.durationMin, fridge: s.fridgeBoxes, freezer: s.freezerBoxes })}</p>
                <h3 className="font-semibold text-stone-900">{t('batchcook.toCook')}</h3>
                <ul className="space-y-1">
                  {s.recipes.map((r) => (
                    <li key={r.recipeId} className="text-stone-800">
                      <span className="font-semibold">{r.name}</span> — {t('batchcook.portions', { count: r.portions })}
                      {colon}
                      {r.foods.map((f) => `${tx(f.name)} ${grams(f.grams)}`).join(', ')}
                    </li>
                  ))}
                </ul>
                {s.night.length > 0 && (
                  <>
                    <h3 className="font-semibold text-stone-900">{t('batchcook.nightBefore')}</h3>
                    <ul className="list-disc pl-5 text-stone-800">
                      {s.night.map((n, i) => (
                        <li key={i}>{stepText(n)}</li>
                      ))}
                    </ul>
                  </>
                )}
                <h3 className="font-semibold text-stone-900">{t('batchcook.order')}</h3>
                <ol className="space-y-2" data-testid="cook-steps">
                  {s.steps.map((st, i) => (
                    <li key={i} className="grid grid-cols-[5.5rem_1fr] gap-2 border-b border-stone-100 pb-2 last:border-0">
                      <span className="font-mono text-sm text-stone-600">{t('batchcook.minutes', { start: st.startMin, end: st.endMin })}</span>
                      <span className="text-stone-900">
                        <span className="font-semibold">{t(`batchcook.${st.appliance}`)}</span> — {stepText(st)}
                      </span>
                    </li>
                  ))}
                </ol>
              </section>
            ))}

          <section aria-labelledby="cook-week" className="break-before-page space-y-2">
            <h2 id="cook-week" className="text-xl font-bold text-stone-900">
              {t('batchcook.weekHeading')}
            </h2>
            <ul className="space-y-2">
              {plan.eating.map((d) => (
                <li key={d.day} className="break-inside-avoid">
                  <h3 className="font-semibold text-stone-900">{t('batchcook.day', { day: d.day })}</h3>
                  <ul className="pl-4 text-stone-800">
                    {d.meals.map((m, i) => (
                      <li key={i}>
                        {t(`batchcook.meal.${m.meal}`)}
                        {colon}
                        {m.recipe} — {m.onTheDay ? t('batchcook.onTheDay') : t('batchcook.boxes', { numbers: m.boxes.join(', ') })}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="cook-labels" className="break-before-page space-y-2">
            <h2 id="cook-labels" className="text-xl font-bold text-stone-900">
              {t('batchcook.labelsHeading')}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 print:grid-cols-3">{plan.boxes.map(label)}</ul>
          </section>

          <section aria-labelledby="cook-plates" className="break-before-page space-y-4">
            <h2 id="cook-plates" className="text-xl font-bold text-stone-900">
              {t('batchcook.platesHeading')}
            </h2>
            <p className="text-stone-700">{t('batchcook.platesIntro')}</p>
            {plan.plates.map((card) => (
              // On paper the screen's light border would barely show: the printed card keeps a darker one.
              <Card as="article" variant="panel" key={card.recipeId} className="break-inside-avoid print:border-stone-300" data-testid="plating-card">
                <h3 className="font-bold text-stone-900">{card.recipe}</h3>
                <TableFrame bare className="mt-2">
                  <Table density="compact">
                    <TableHeader>
                      <tr>
                        <TableHead>{t('batchcook.food')}</TableHead>
                        {card.plates.map((p) => (
                          <TableHead key={p.person}>{p.person}</TableHead>
                        ))}
                      </tr>
                    </TableHeader>
                    <tbody>
                      {card.plates[0]?.components.map((c, ci) => (
                        <TableRow key={c.foodCode}>
                          <TableHead scope="row">{tx(c.name)}</TableHead>
                          {card.plates.map((p) => {
                            const pc = p.components[ci]
                            if (!pc) return <TableCell key={p.person} />
                            return (
                              <TableCell key={p.person}>
                                {grams(pc.grams)}
                                {pc.sharePct.map((s) => (
                                  <span key={s.session} className="block text-xs text-stone-600">
                                    {plan.sessions.length > 1 ? `S${s.session} · ` : ''}
                                    {t('batchcook.share', { pct: formatNumber(s.pct, locale, 1) })}
                                  </span>
                                ))}
                              </TableCell>
                            )
                          })}
                        </TableRow>
                      ))}
                    </tbody>
                  </Table>
                </TableFrame>
                <ul className="mt-2 space-y-1 text-xs text-stone-700">
                  {card.plates.map((p) => (
                    <li key={p.person} data-testid="plate-check" data-within={p.within ? 'true' : 'false'}>
                      <span className="font-semibold">{p.person}</span> —{' '}
                      {t('batchcook.achieved', { kcal: Math.round(p.achieved.kcal), p: Math.round(p.achieved.proteinG), f: Math.round(p.achieved.fatG), c: Math.round(p.achieved.carbsG) })}
                      {locale === 'en' ? '; ' : '\u202f; '}
                      {t('batchcook.target', { kcal: p.target.kcal, p: p.target.proteinG, f: p.target.fatG, c: p.target.carbsG })} — {p.within ? t('batchcook.within') : t('batchcook.outside')}
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </section>
          <p className="text-xs text-stone-600">{t('batchcook.shelfNote')}</p>
        </>
      )}

      <p className="print:hidden">
        <Link href={url('mealprep.recipes', { params: { id: mealPrep.id } })} className="font-semibold text-brand-800 underline">
          {t('batchcook.back')}
        </Link>
      </p>
    </section>
  )
}
