import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../lib/api'
import { useLocale } from '../../hooks/use-locale'
import { per100Summary } from './per100'
import type { SearchHit } from '../../types/props.gen'
import { Input, Label } from '../ui/field'
import { Card } from '../ui/card'
import SeasonBadge from './season-badge'

/**
 * A food as the search answers it (GET /mealprep/{id}/food/search): the food page's line without
 * its quantity. The answer's type is generated from handlers/mealprep.go (foodSearchAnswer).
 */
export type FoodHit = SearchHit

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250

/**
 * As-you-type food search following the ARIA combobox pattern: the input owns a listbox,
 * arrows move the active option (aria-activedescendant), Enter picks it, Escape closes; the
 * number of results is announced in a polite live region. `focusOnMount` gives the box the
 * keyboard focus when it appears (the fresh box after an add).
 */
export default function FoodSearch({ mealPrepId, group, onPick, focusOnMount = false }: { mealPrepId: string; group: string; onPick: (food: FoodHit) => void; focusOnMount?: boolean }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState('')
  const [hits, setHits] = useState<FoodHit[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(1)
  const [hasMore, setHasMore] = useState(false)
  const abort = useRef<AbortController | null>(null)
  const input = useRef<HTMLInputElement>(null)
  // The text a pick wrote into the box: not a query, so it must not reopen the list.
  const pickedText = useRef<string | null>(null)

  useEffect(() => {
    if (focusOnMount) input.current?.focus()
    // Only when the box appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const q = text.trim()
    if (pickedText.current !== null && text === pickedText.current) return
    if (q.length < 2) {
      setHits([])
      setOpen(false)
      setStatus('')
      return
    }
    const timer = setTimeout(async () => {
      abort.current?.abort()
      const ctl = new AbortController()
      abort.current = ctl
      setStatus(t('mealprep.food.loading'))
      const res = await api('mealprep.food.search', { params: { id: mealPrepId }, query: { q, group, page }, signal: ctl.signal })
      if (ctl.signal.aborted) return
      if (res.error) {
        setStatus(t('mealprep.food.searchFailed'))
        return
      }
      const foods = page === 1 ? res.data.foods : [...hits, ...res.data.foods]
      setHits(foods)
      setHasMore(res.data.hasMore)
      setOpen(true)
      setActive(foods.length > 0 && page === 1 ? 0 : active)
      setStatus(t('mealprep.food.results', { count: foods.length }))
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // hits and active are read for paging only; re-running on them would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, group, page, mealPrepId, t])

  const pick = (food: FoodHit) => {
    abort.current?.abort()
    onPick(food)
    pickedText.current = food.name
    setText(food.name)
    setOpen(false)
    setStatus(t('mealprep.food.selected', { name: food.name }))
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setOpen(true)
      setActive((a) => Math.min(a + 1, hits.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((a) => Math.max(a - 1, 0))
    } else if (e.key === 'Enter' && open && active >= 0 && hits[active]) {
      e.preventDefault()
      pick(hits[active])
    } else if (e.key === 'Escape') {
      setOpen(false)
    }
  }

  const optionId = (i: number) => `${id}-opt-${i}`
  return (
    <div className="relative">
      <Label htmlFor={`${id}-input`}>{t('mealprep.food.searchLabel')}</Label>
      <Input
        id={`${id}-input`}
        ref={input}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        placeholder={t('mealprep.food.searchPlaceholder')}
        value={text}
        data-testid="food-search"
        onChange={(e) => {
          // Results of the previous text must not stay pickable while the new search runs.
          pickedText.current = null
          setText(e.target.value)
          setPage(1)
          setHits([])
          setActive(-1)
          setOpen(false)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => hits.length > 0 && setOpen(true)}
        className="mt-1.5 block w-full"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-500">
        {t('mealprep.food.searchHint')}
      </p>
      <p role="status" aria-live="polite" className="sr-only" data-testid="food-search-status">
        {status}
      </p>
      <Card
        as="ul"
        variant="panel"
        padding="none"
        id={listId}
        role="listbox"
        aria-label={t('mealprep.food.searchLabel')}
        hidden={!open}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto shadow-lg"
      >
        {hits.map((f, i) => (
          <li
            key={f.code}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            data-testid="food-option"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(f)}
            className={`cursor-pointer px-4 py-2 text-sm ${i === active ? 'bg-brand-100 text-brand-900' : 'text-stone-800'}`}
          >
            <span className="font-medium">{f.name}</span>
            {f.inSeason && <SeasonBadge />}
            <span className="block text-xs text-stone-600">
              {f.custom ? t('mealprep.food.custom') : f.group}
              {f.noEnergy ? ` · ${t('mealprep.food.noEnergy')}` : ''}
            </span>
            {f.declaredAllergens.length > 0 && (
              <span className="block text-xs font-semibold text-amber-900" data-testid="food-option-allergens">
                {t('mealprep.food.allergenMark', { names: f.declaredAllergens.join(', ') })}
              </span>
            )}
            {per100Summary(f.per100g, t, locale) && (
              <span className="block text-xs text-stone-700" data-testid="food-option-per100">
                {per100Summary(f.per100g, t, locale)}
              </span>
            )}
          </li>
        ))}
        {open && hits.length === 0 && <li className="px-4 py-2 text-sm text-stone-500">{t('mealprep.food.results', { count: 0 })}</li>}
        {hasMore && (
          <li>
            {/* A row of the list drawn like its options, not a Button: a button's pill would break the list. */}
            <button type="button" className="w-full px-4 py-2 text-left text-sm font-semibold text-brand-700" onMouseDown={(e) => e.preventDefault()} onClick={() => setPage((p) => p + 1)}>
              {t('mealprep.food.more')}
            </button>
          </li>
        )}
      </Card>
    </div>
  )
}
