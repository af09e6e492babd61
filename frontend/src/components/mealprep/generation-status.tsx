import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RequestView } from '../../types/props.gen'
import GenerationAdvice from './generation-advice'

/** How long a finished, successful request stays on screen. */
export const DONE_VISIBLE_MS = 8000
/** localStorage key: requests already shown finished, hidden on the next visits. */
export const SEEN_KEY = 'gamelle.generation.seen'
const SEEN_MAX = 100

function readSeen(): string[] {
  try {
    const v = JSON.parse(window.localStorage.getItem(SEEN_KEY) ?? '[]')
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

function remember(ids: string[]) {
  try {
    const seen = [...new Set([...readSeen(), ...ids])].slice(-SEEN_MAX)
    window.localStorage.setItem(SEEN_KEY, JSON.stringify(seen))
  } catch {
    // Storage may be unavailable (privacy modes): a finished banner then only goes when dismissed.
  }
}

/**
 * The recipe generation requests of a meal prep: running ones with a styled progress bar, finished
 * ones until seen. The successful ones read as one line (« 4 recettes prêtes. »), however many
 * requests made them (a "generate what is missing" makes one per meal); a failed one keeps its
 * own line and reason. A finished line can be dismissed; the successful line goes by itself
 * after DONE_VISIBLE_MS; a request already shown finished on an earlier visit is not shown
 * again. The section takes focus (id generation-status) when the page moves it there after a
 * generation is asked for.
 */
export default function GenerationStatus({ requests, categoryName, mealPrepId }: { requests: RequestView[]; categoryName: (c: RequestView['category']) => string; mealPrepId: string }) {
  const { t } = useTranslation()
  const [hidden, setHidden] = useState<Set<string>>(() => new Set(readSeen()))
  const visible = requests.filter((g) => g.running || !hidden.has(g.requestId))
  const finishedIds = visible.filter((g) => !g.running).map((g) => g.requestId)
  const doneIds = visible.filter((g) => !g.running && !g.failed).map((g) => g.requestId)

  // Shown finished once is seen: the next visit does not show it again.
  const finishedKey = finishedIds.join()
  useEffect(() => {
    if (finishedKey) remember(finishedKey.split(','))
  }, [finishedKey])

  const doneKey = doneIds.join()
  useEffect(() => {
    if (!doneKey) return
    const timer = window.setTimeout(() => setHidden((h) => new Set([...h, ...doneKey.split(',')])), DONE_VISIBLE_MS)
    return () => window.clearTimeout(timer)
  }, [doneKey])

  const running = visible.some((g) => g.running)
  const doneCount = visible.filter((g) => !g.running && !g.failed).reduce((n, g) => n + g.done, 0)
  // Running and failed requests one line each, then the successful ones as one line.
  const lines = visible.filter((g) => g.running || g.failed)
  if (visible.length === 0) return null
  return (
    <section id="generation-status" tabIndex={-1} aria-live="polite" aria-label={t('mealprep.recipes.statusLabel')} className="space-y-2" data-testid="generation">
      {running && (
        <p className="rounded-xl bg-brand-100 px-4 py-3 font-semibold text-brand-900" data-testid="generation-message">
          {t('mealprep.recipes.generating')}
        </p>
      )}
      <ul className="space-y-2 text-sm">
        {lines.map((g) => (
          <li
            key={g.requestId}
            data-testid="generation-request"
            data-running={g.running}
            data-done={g.done}
            className={`flex flex-wrap items-center gap-3 rounded-xl px-4 py-2 ${g.failed ? 'bg-red-50 text-red-800' : 'bg-stone-100 text-stone-800'}`}
          >
            <span className="flex-1" data-testid={g.failed ? 'generation-failed' : undefined}>
              {g.failed
                ? // The engine's diagnosis, when it refused the request, says what to change: it
                  // replaces the generic reason.
                  g.diagnosis
                  ? t('mealprep.recipes.failedDiagnosis', { diagnosis: g.diagnosis, refunded: t('mealprep.recipes.refundedTokens', { count: g.refunded }) })
                  : t('mealprep.recipes.failed', { reason: t(`mealprep.recipes.reasons.${g.reason}`, { defaultValue: g.reason }), refunded: t('mealprep.recipes.refundedTokens', { count: g.refunded }) })
                : t('mealprep.recipes.progress', { done: g.done, count: g.count, category: categoryName(g.category) })}
            </span>
            {g.running && (
              <span aria-hidden="true" className="h-2 w-32 overflow-hidden rounded-full bg-stone-200" data-testid="generation-progress">
                <span className="block h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${g.count ? Math.round((100 * g.done) / g.count) : 0}%` }} />
              </span>
            )}
            {!g.running && (
              <button
                type="button"
                className="rounded-lg px-2 py-1 text-sm font-medium underline hover:bg-white/60"
                onClick={() => setHidden((h) => new Set([...h, g.requestId]))}
                data-testid="generation-dismiss"
              >
                {t('mealprep.recipes.dismiss')}
              </button>
            )}
            {g.failed && g.suggestion && (
              // Its own line under the reason: beside it, a long sentence was squeezed into a
              // narrow column at 1280 px.
              <div className="w-full">
                <GenerationAdvice advice={g.suggestion} mealPrepId={mealPrepId} category={g.category} />
              </div>
            )}
          </li>
        ))}
        {doneIds.length > 0 && (
          <li data-testid="generation-request" data-running={false} data-done={doneCount} className="flex flex-wrap items-center gap-3 rounded-xl bg-stone-100 px-4 py-2 text-stone-800">
            <span className="flex-1" data-testid="generation-done">
              {t('mealprep.recipes.done', { count: doneCount })}
            </span>
            <button
              type="button"
              className="rounded-lg px-2 py-1 text-sm font-medium underline hover:bg-white/60"
              onClick={() => setHidden((h) => new Set([...h, ...doneIds]))}
              data-testid="generation-dismiss"
            >
              {t('mealprep.recipes.dismiss')}
            </button>
          </li>
        )}
      </ul>
    </section>
  )
}
