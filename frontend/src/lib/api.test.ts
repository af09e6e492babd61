// @vitest-environment node
// Node's own fetch, FormData and File: jsdom's versions do not mix with Node's fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api as defaultApi, createApi, encodeQuery, RETRY, retryDelay, TIMEOUT_MS, url as defaultUrl } from './api'
import { xsrfCookieName } from './xsrf'
import type { RouteDefinition } from './url'
import { sendJSON, startServer } from '../test/http-server'

const testRoutes = {
  echo: { method: 'get', path: '/echo', params: [] },
  'echo.post': { method: 'post', path: '/echo', params: [] },
  'echo.put': { method: 'put', path: '/echo', params: [] },
  'echo.patch': { method: 'patch', path: '/echo', params: [] },
  'echo.delete': { method: 'delete', path: '/echo', params: [] },
  'mealprep.recipe': { method: 'get', path: '/mealprep/{id}/recipe/{recipeId}', params: ['id', 'recipeId'] },
} as const satisfies Record<string, RouteDefinition>

let server: Awaited<ReturnType<typeof startServer>> | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await server?.close()
  server = undefined
})

async function serve(reply: Parameters<typeof startServer>[0], cookies = '') {
  server = await startServer(reply)
  return { ...createApi({ routes: testRoutes, baseUrl: server.url, cookies: () => cookies }), srv: server }
}

/**
 * The delays ky waits between attempts, read from the timers its delay helper sets (fetch and
 * the HTTP server set timers of their own). Recorded, not measured: tests assert no timings.
 */
function recordDelays() {
  const delays: number[] = []
  const real = globalThis.setTimeout
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (/ky\/distribution\/utils\/delay/.test(new Error().stack ?? '')) delays.push(ms ?? 0)
    return real(fn, ms)
  }) as typeof setTimeout)
  return delays
}

describe('URL building', () => {
  it('fills parameters, encodes them and the query', async () => {
    const { url } = createApi({ routes: testRoutes })
    expect(url('mealprep.recipe', { params: { id: 3, recipeId: 'a b/é' } })).toBe('/mealprep/3/recipe/a%20b%2F%C3%A9')
    expect(
      url('echo', { query: { q: 'pâtes & co', ids: [1, 2], filter: { diet: 'vegan', max: 5 }, none: null, skip: undefined, ok: true } }),
    ).toBe('/echo?q=p%C3%A2tes%20%26%20co&ids[]=1&ids[]=2&filter[diet]=vegan&filter[max]=5&ok=true')
    expect(encodeQuery({ d: new Date('2026-01-02T03:04:05Z'), 'a b': 'x' })).toBe('d=2026-01-02T03%3A04%3A05.000Z&a%20b=x')
  })

  it('sends the query the server receives', async () => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 200, { ok: true }))
    const r = await api('mealprep.recipe', { params: { id: 7, recipeId: 'r1' }, query: { tags: ['a', 'b'] } })
    expect(r).toEqual({ data: { ok: true }, error: null, status: 200 })
    expect(srv.seen[0]!.method).toBe('GET')
    expect(decodeURIComponent(srv.seen[0]!.url)).toBe('/mealprep/7/recipe/r1?tags[]=a&tags[]=b')
  })

  it('fails on an unknown route or a missing parameter before any request', async () => {
    const { api, url, srv } = await serve((_, res) => sendJSON(res, 200, {}))
    // @ts-expect-error: not a route name
    expect(() => url('nope')).toThrow('Route nope not found')
    // @ts-expect-error: recipeId is required
    expect(() => url('mealprep.recipe', { params: { id: 1 } })).toThrow(
      'Route /mealprep/{id}/recipe/{recipeId} is missing the recipeId parameter',
    )
    // @ts-expect-error: params are required
    await expect(api('mealprep.recipe')).rejects.toThrow('Route /mealprep/{id}/recipe/{recipeId} is missing the id parameter')
    // Names are own keys only.
    expect(() => url('toString' as 'echo')).toThrow('Route toString not found')
    expect(srv.seen).toHaveLength(0)
  })

  it('uses the table generated from the Go router', () => {
    expect(defaultUrl('index')).toBe('/')
    expect(defaultUrl('waitlist.post')).toBe('/waitlist')
    expect(typeof defaultApi).toBe('function')
  })
})

describe('bodies and headers', () => {
  it('sends plain data as JSON, with the XSRF token echoed', async () => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 201, { id: 1 }), 'other=1; XSRF-TOKEN=abc.d%3D; x=2')
    const r = await api('echo.post', { body: { name: 'Semaine 1', foods: [{ code: '20047' }] } })
    expect(r.status).toBe(201)
    const seen = srv.seen[0]!
    expect(seen.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(seen.body.toString())).toEqual({ name: 'Semaine 1', foods: [{ code: '20047' }] })
    expect(seen.headers['x-xsrf-token']).toBe('abc.d=')
    expect(seen.headers['accept']).toBe('application/json')
    expect(seen.headers['x-requested-with']).toBe('XMLHttpRequest')
  })

  it('reads the token from document.cookie by default and sends none when absent', async () => {
    server = await startServer((_, res) => sendJSON(res, 200, {}))
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=from-doc' })
    const { api } = createApi({ routes: testRoutes, baseUrl: server.url })
    await api('echo.post', { body: {} })
    vi.stubGlobal('document', { cookie: '' })
    await api('echo.post', { body: {} })
    vi.unstubAllGlobals()
    expect(server.seen[0]!.headers['x-xsrf-token']).toBe('from-doc')
    expect(server.seen[1]!.headers['x-xsrf-token']).toBeUndefined()
  })

  it('reads the __Host- prefixed production cookie first', async () => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 200, {}), 'XSRF-TOKEN=stale; __Host-XSRF-TOKEN=prod.t')
    await api('echo.post', { body: {} })
    expect(srv.seen[0]!.headers['x-xsrf-token']).toBe('prod.t')
    expect(xsrfCookieName('a=1; __Host-XSRF-TOKEN=x')).toBe('__Host-XSRF-TOKEN')
    expect(xsrfCookieName('XSRF-TOKEN=x')).toBe('XSRF-TOKEN')
    expect(xsrfCookieName('')).toBe('XSRF-TOKEN')
  })

  it('sends files as multipart with bracket keys', async () => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 200, {}))
    const photo = new File(['jpeg bytes'], 'p.jpg', { type: 'image/jpeg' })
    await api('echo.post', { body: { name: 'Semaine 1', photo, foods: [{ code: '20047', grams: 150 }] } })
    const seen = srv.seen[0]!
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    const form = await new Response(new Uint8Array(seen.body), { headers: { 'content-type': seen.headers['content-type']! } }).formData()
    expect(form.get('name')).toBe('Semaine 1')
    expect(form.get('foods[0][code]')).toBe('20047')
    expect(form.get('foods[0][grams]')).toBe('150')
    const file = form.get('photo') as File
    expect(file.name).toBe('p.jpg')
    expect(await file.text()).toBe('jpeg bytes')

    const given = new FormData()
    given.append('a', '1')
    await api('echo.post', { body: given })
    expect(srv.seen[1]!.headers['content-type']).toMatch(/^multipart\/form-data/)
  })

  it('puts GET data in the query string', async () => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 200, []))
    await api('echo', { query: { a: 1 }, body: { q: 'riz' } })
    expect(srv.seen[0]!.url).toBe('/echo?a=1&q=riz')
    expect(srv.seen[0]!.body.length).toBe(0)
  })

  it('reads text and blobs', async () => {
    const { api } = await serve((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' })
      res.end('day,food\n1,riz\n')
    })
    expect((await api('echo')).data).toBe('day,food\n1,riz\n')
    const blob = (await api('echo', { as: 'blob' })).data as Blob
    expect(await blob.text()).toBe('day,food\n1,riz\n')
  })
})

describe('errors never throw', () => {
  it('returns status, body and the catalogue message', async () => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 422, { errors: { name: 'Required' } }))
    const r = await api('echo.post', { body: {} })
    expect(r.data).toBeNull()
    expect(r.status).toBe(422)
    expect(r.error).toEqual({
      message: `Request failed with status code 422: POST ${srv.url}/echo`,
      status: 422,
      method: 'POST',
      url: `${srv.url}/echo`,
      body: { errors: { name: 'Required' } },
    })
  })

  it('keeps a non-JSON error body as text', async () => {
    const { api } = await serve((_, res) => {
      res.writeHead(404, { 'Content-Type': 'text/plain' })
      res.end('not here')
    })
    const r = await api('echo', { query: { q: 'x' } })
    expect(r.error?.body).toBe('not here')
    expect(r.error?.message).toMatch(/^Request failed with status code 404: GET http:\/\/127\.0\.0\.1:\d+\/echo\?q=x$/)
  })

  it('times out with "Request timed out" and does not retry a timeout', async () => {
    server = await startServer(() => {
      /* never answers */
    })
    const { api } = createApi({ routes: testRoutes, baseUrl: server.url, timeout: 150 })
    const r = await api('echo')
    expect(r).toMatchObject({ data: null, status: 0, error: { message: 'Request timed out', status: 0 } })
    expect(server.seen).toHaveLength(1)
  })

  it('uses a 10 s timeout by default', async () => {
    const seenTimeouts: number[] = []
    const real = globalThis.setTimeout
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      seenTimeouts.push(ms ?? 0)
      return real(fn, ms)
    }) as typeof setTimeout)
    const { api } = await serve((_, res) => sendJSON(res, 200, {}))
    await api('echo')
    expect(TIMEOUT_MS).toBe(10_000)
    expect(seenTimeouts).toContain(10_000)
  })

  it('reports a network failure', async () => {
    const srv = await startServer(() => {})
    const base = srv.url
    await srv.close()
    const { api } = createApi({ routes: testRoutes, baseUrl: base })
    const r = await api('echo.post', { body: {} })
    expect(r.error?.message).toBe(`Network error: POST ${base}/echo`)
    expect(r.status).toBe(0)
  })
})

describe('retries', () => {
  it('follows docs/product.md §8 and §9', () => {
    expect(RETRY.limit).toBe(2)
    expect(RETRY.methods).toEqual(['get', 'put', 'head', 'delete', 'options', 'trace'])
    expect(RETRY.statusCodes).toEqual([408, 413, 429, 500, 502, 503, 504])
    expect(RETRY.afterStatusCodes).toEqual([413, 429, 503])
    expect([1, 2, 3].map(retryDelay)).toEqual([300, 600, 1200])
  })

  it('retries GET twice with 0.3 s then 0.6 s, ignoring Retry-After on a 500', async () => {
    const delays = recordDelays()
    const { api, srv } = await serve((_, res) => sendJSON(res, 500, { oops: true }, { 'Retry-After': '5' }))
    const r = await api('echo')
    expect(srv.seen).toHaveLength(3)
    expect(delays).toEqual([300, 600])
    expect(r.status).toBe(500)
    expect(r.error?.message).toBe(`Request failed with status code 500: GET ${srv.url}/echo`)
  })

  it.each([
    ['echo.put', 502],
    ['echo.delete', 504],
    ['echo', 408],
  ] as const)('retries %s on %i and returns the success', async (name, status) => {
    const delays = recordDelays()
    const { api, srv } = await serve((_, res, n) => (n < 3 ? sendJSON(res, status, {}) : sendJSON(res, 200, { n })))
    const r = await api(name)
    expect(r).toEqual({ data: { n: 3 }, error: null, status: 200 })
    expect(srv.seen.map((s) => s.method)).toEqual(Array(3).fill(srv.seen[0]!.method))
    expect(delays).toEqual([300, 600])
  })

  it.each(['echo.post', 'echo.patch'] as const)('never retries %s', async (name) => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 503, {}))
    const r = await api(name, { body: { a: 1 } })
    expect(srv.seen).toHaveLength(1)
    expect(r.status).toBe(503)
  })

  it('does not retry other statuses', async () => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 404, {}))
    await api('echo')
    expect(srv.seen).toHaveLength(1)
  })

  it('honours Retry-After on 429 and 503', async () => {
    const delays = recordDelays()
    const { api, srv } = await serve((_, res, n) =>
      n === 1 ? sendJSON(res, 429, {}, { 'Retry-After': '1' }) : n === 2 ? sendJSON(res, 503, {}, { 'Retry-After': '0' }) : sendJSON(res, 200, {}),
    )
    const r = await api('echo')
    expect(r.status).toBe(200)
    expect(srv.seen).toHaveLength(3)
    expect(delays).toEqual([1000, 0])
  })

  it('does not retry a 413 without Retry-After, and honours one that has it', async () => {
    const { api, srv } = await serve((_, res) => sendJSON(res, 413, {}))
    const r = await api('echo.put', { body: { big: 'x' } })
    expect(srv.seen).toHaveLength(1)
    expect(r.error?.message).toBe(`Request failed with status code 413: PUT ${srv.url}/echo`)
    await srv.close()

    const delays = recordDelays()
    const second = await serve((_, res, n) => (n === 1 ? sendJSON(res, 413, {}, { 'Retry-After': '0' }) : sendJSON(res, 200, { ok: 1 })))
    const ok = await second.api('echo.put', { body: { big: 'x' } })
    expect(ok.data).toEqual({ ok: 1 })
    expect(second.srv.seen).toHaveLength(2)
    expect(delays).toEqual([0])
    // The body is sent again on the retry.
    expect(JSON.parse(second.srv.seen[1]!.body.toString())).toEqual({ big: 'x' })
  })
})

beforeEach(() => {
  vi.unstubAllGlobals()
})
