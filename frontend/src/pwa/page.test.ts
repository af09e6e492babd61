import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGES_CACHE } from './sw-rules'
import { checkSession, followPerson, followSession } from './page'

// The page's half of "the offline pages end with the session" (docs/pwa.md, "Sessions"); the
// browser test e2e/pwa-session.e2e.test.ts runs the whole of it with the worker.
const deleted = vi.fn(async (_name: string) => true)
const reload = vi.fn()
const answers: Array<() => Promise<Response>> = []
const asked = vi.fn(async (_input: RequestInfo | URL) => {
  const next = answers.shift()
  if (!next) throw new Error('no answer prepared')
  return next()
})
const signedIn = (yes: boolean) => async () => new Response(JSON.stringify({ signedIn: yes }), { headers: { 'Content-Type': 'application/json' } })

let online = true
let visibility: DocumentVisibilityState = 'visible'
// The page's own location, put back after each test: the unit tests share one window.
const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!

beforeEach(async () => {
  vi.stubGlobal('caches', { delete: deleted })
  vi.stubGlobal('fetch', asked)
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } })
  online = true
  visibility = 'visible'
  localStorage.clear()
  await followPerson('person-1')
  deleted.mockClear()
  reload.mockClear()
  asked.mockClear()
  answers.length = 0
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  Object.defineProperty(window, 'location', realLocation)
})

/** Waits until the session question and what follows from it have run. */
const settled = () => vi.waitFor(() => expect(answers).toHaveLength(0))

describe('the page follows the session', () => {
  followSession()

  it('shown again and signed out elsewhere: empties the saved pages and stops showing the person', async () => {
    answers.push(signedIn(false))
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(String(asked.mock.calls[0]![0])).toBe('/auth/session')
    expect(deleted).toHaveBeenCalledWith(PAGES_CACHE)
  })

  it('back online and signed out elsewhere: the same', async () => {
    answers.push(signedIn(false))
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(deleted).toHaveBeenCalledWith(PAGES_CACHE)
  })

  it('keeps the pages while the session lives', async () => {
    answers.push(signedIn(true))
    document.dispatchEvent(new Event('visibilitychange'))
    await settled()
    expect(deleted).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('a token or session expired (419) empties the pages', async () => {
    answers.push(async () => new Response('', { status: 419 }))
    await checkSession()
    expect(deleted).toHaveBeenCalledWith(PAGES_CACHE)
  })

  it('asks nothing when hidden or offline', async () => {
    visibility = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    online = false
    visibility = 'visible'
    document.dispatchEvent(new Event('visibilitychange'))
    await checkSession()
    expect(asked).not.toHaveBeenCalled()
  })

  it('asks again when the network answers a moment after the browser said it was back', async () => {
    vi.useFakeTimers()
    answers.push(async () => {
      throw new TypeError('Failed to fetch')
    }, signedIn(false))
    await checkSession()
    expect(asked).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(asked).toHaveBeenCalledTimes(2)
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(deleted).toHaveBeenCalledWith(PAGES_CACHE)
  })
})
