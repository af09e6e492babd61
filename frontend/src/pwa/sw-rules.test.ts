import { describe, expect, it } from 'vitest'
import {
  OFFLINE_TEXTS,
  SESSION_HEADER,
  cacheKeyFor,
  endsSession,
  isOfflinePage,
  isPartialReload,
  isSessionCheck,
  isShoppingList,
  isSignOut,
  offlineAnswer,
  requestLanguage,
  servable,
  storable,
} from './sw-rules'

const id = '0190f000-0000-7000-8000-000000000001'

describe('service worker rules', () => {
  it('keeps a meal prep’s pages and the dashboard offline, not searches, CSV or admin', () => {
    expect(isOfflinePage(`/mealprep/${id}/recipes`)).toBe(true)
    expect(isOfflinePage(`/mealprep/${id}/recipe/${id}`)).toBe(true)
    expect(isOfflinePage(`/mealprep/${id}/shopping-list`)).toBe(true)
    expect(isOfflinePage(`/mealprep/${id}/plan/cook`)).toBe(true)
    expect(isOfflinePage(`/mealprep/${id}/food`)).toBe(true)
    expect(isOfflinePage(`/mealprep/${id}/recipes/keep`)).toBe(false)
    expect(isOfflinePage('/dashboard/general')).toBe(true)
    expect(isOfflinePage(`/mealprep/${id}/shopping-list.csv`)).toBe(false)
    expect(isOfflinePage(`/mealprep/${id}/food/search`)).toBe(false)
    expect(isOfflinePage('/dashboard/admin/users')).toBe(false)
    expect(isOfflinePage('/auth/login')).toBe(false)
    expect(isShoppingList(`/mealprep/${id}/shopping-list`)).toBe(true)
    expect(isShoppingList(`/mealprep/${id}/shopping-list.csv`)).toBe(false)
    expect(isSignOut('/auth/logout')).toBe(true)
  })

  it('tells a partial reload (a poll) from a whole page', () => {
    const url = `https://x.test/mealprep/${id}/recipes`
    expect(isPartialReload(new Request(url, { headers: { 'X-Inertia': 'true', 'X-Inertia-Partial-Data': 'generation' } }))).toBe(true)
    expect(isPartialReload(new Request(url, { headers: { 'X-Inertia': 'true' } }))).toBe(false)
  })

  it('stores the Inertia JSON and the HTML of one address apart', () => {
    const html = new Request(`https://x.test/mealprep/${id}/recipes`)
    const json = new Request(`https://x.test/mealprep/${id}/recipes`, { headers: { 'X-Inertia': 'true' } })
    expect(cacheKeyFor(html)).not.toEqual(cacheKeyFor(json))
    expect(cacheKeyFor(new Request(`https://x.test/mealprep/${id}/shopping-list?days=3`, { headers: { 'X-Inertia': 'true' } }))).toContain('days=3')
  })

  it('says a page needs the server in the person’s language', async () => {
    const en = new Request('https://x.test/account', { headers: { Cookie: 'a=b; i18next=en' } })
    expect(requestLanguage(en)).toBe('en')
    expect(requestLanguage(new Request('https://x.test/', { headers: { 'Accept-Language': 'fr-FR,en;q=0.5' } }))).toBe('fr')
    const page = offlineAnswer(en)
    expect(page.status).toBe(503)
    expect(page.headers.get('X-Gamelle-Offline')).toBe('1')
    const text = await page.text()
    expect(text).toContain('This page needs a connection')
    expect(text).toContain(OFFLINE_TEXTS.en.body)
    // No session on the device: the saved pages are not promised.
    const signedOut = await offlineAnswer(en, false).text()
    expect(signedOut).toContain(OFFLINE_TEXTS.en.bodySignedOut)
    expect(signedOut).not.toContain(OFFLINE_TEXTS.en.body)
    expect(OFFLINE_TEXTS.fr.bodySignedOut).toContain('appareil\u202f:')
    const fr = offlineAnswer(new Request('https://x.test/account', { headers: { 'X-Inertia': 'true' } }))
    expect(fr.headers.get('Content-Type')).toContain('application/json')
  })

  it('saves only pages of a live session, each with its tag', () => {
    const req = new Request(`https://x.test/mealprep/${id}/recipes`)
    const page = (tag: string | null, status = 200) => new Response('x', { status, headers: tag === null ? {} : { [SESSION_HEADER]: tag } })
    expect(storable(req, page('t1'))).toBe(true)
    expect(storable(req, page('none'))).toBe(false) // a visitor's page
    expect(storable(req, page(null))).toBe(false) // says nothing about the session
    expect(storable(req, page('t1', 500))).toBe(false)
    const partial = new Request(req.url, { headers: { 'X-Inertia': 'true', 'X-Inertia-Partial-Data': 'generation' } })
    expect(storable(partial, page('t1'))).toBe(false)
  })

  it('shows a saved page only under the session the device holds now', () => {
    const saved = new Response('x', { headers: { [SESSION_HEADER]: 't1' } })
    expect(servable(saved, 't1')).toBe(true)
    expect(servable(saved, 't2')).toBe(false) // signed in again, or someone else
    expect(servable(saved, null)).toBe(false) // cookies cleared, session expired
    expect(servable(saved, 'none')).toBe(false)
    expect(servable(new Response('x'), null)).toBe(false) // saved before tags: never shown
    expect(servable(new Response('x'), 't1')).toBe(false)
  })

  it('learns a session ended from a signed-out answer, a 401 or a 419', () => {
    expect(endsSession(new Response('x', { headers: { [SESSION_HEADER]: 'none' } }))).toBe(true)
    expect(endsSession(new Response('x', { status: 401 }))).toBe(true)
    expect(endsSession(new Response('x', { status: 419 }))).toBe(true)
    expect(endsSession(new Response('x', { headers: { [SESSION_HEADER]: 't1' } }))).toBe(false)
    expect(endsSession(new Response('x'))).toBe(false)
    expect(isSessionCheck('/auth/session')).toBe(true)
  })
})
