/**
 * Typed route helper over ky, for the calls that are not page navigations: food search
 * autocomplete, generation status, CSV downloads (docs/product.md §7, §8, §9). Page visits, forms and
 * partial reloads go through Inertia's router instead (docs/client-contract.md).
 *
 * `api(name, { params, query, body })` looks the route up in the table generated from the Go
 * router (routes.gen.ts), builds the URL, sends the body as JSON or, when it holds files, as
 * multipart, echoes the XSRF-TOKEN cookie (`__Host-XSRF-TOKEN` in production) as X-XSRF-TOKEN, and resolves to `{ data, error,
 * status }`. It never throws for an HTTP error, a timeout or a network failure; an unknown
 * route name or a missing parameter is a programming error and throws before any request.
 *
 * Retries, their delays, Retry-After and the 413 rule are ky's own behaviour, configured below;
 * ky only retries when it sees an HTTP error, so HTTP errors are thrown inside and turned into
 * results here.
 */
import { readCookie, xsrfCookieName } from './xsrf'
import ky, { HTTPError, TimeoutError } from 'ky'
import { routes as serverRoutes } from './routes.gen'
import type { ApiAnswers } from '../types/props.gen'
import { encodeQuery, makeUrl, type ParamsOption, type Query, type RouteTable, type UrlArgs } from './url'

export { encodeQuery, type Query, type QueryValue } from './url'

/** Per-attempt timeout (docs/product.md §9). */
export const TIMEOUT_MS = 10_000

/** Delay before retry n (1-based): 0.3 · 2^(n−1) seconds (docs/product.md §9). */
export function retryDelay(attempt: number): number {
  return 0.3 * 2 ** (attempt - 1) * 1000
}

/**
 * Retry policy (docs/product.md §8): idempotent methods only, up to 2 retries on these statuses; a
 * Retry-After header is honoured on 413, 429 and 503. ky never retries a 413 that has no
 * Retry-After, nor a timeout.
 */
export const RETRY = {
  limit: 2,
  methods: ['get', 'put', 'head', 'delete', 'options', 'trace'],
  statusCodes: [408, 413, 429, 500, 502, 503, 504],
  afterStatusCodes: [413, 429, 503],
  delay: retryDelay,
}

/** What went wrong with a call. `status` is 0 when no HTTP response came (timeout, network). */
export interface ApiError {
  message: string
  status: number
  /** Upper-case method, as sent. */
  method: string
  url: string
  /** The response body: parsed JSON when the server said JSON, otherwise text. */
  body: unknown
}

/** The outcome of a call: data on success, error otherwise, never both. */
export type ApiResult<T> =
  | { data: T; error: null; status: number }
  | { data: null; error: ApiError; status: number }

/**
 * Response types by route name: the JSON answers the server declares (page.DefineAnswer, generated
 * into ApiAnswers). A route it does not declare can still be typed where it is used:
 *
 *     declare module '../lib/api' { interface ResponseTypes { 'foods.search': FoodHit[] } }
 */
export interface ResponseTypes extends ApiAnswers {}

/** Options of a call. `params` is required exactly when the route has parameters. */
export type CallOptions<R extends RouteTable, N extends keyof R> = ParamsOption<R, N> & {
  query?: Query
  /** JSON, or multipart when it is a FormData or holds a File or Blob. Query string for GET. */
  body?: unknown
  headers?: Readonly<Record<string, string>>
  signal?: AbortSignal
  /** How to read a successful body; by default from its Content-Type. */
  as?: 'json' | 'text' | 'blob'
}

type Args<R extends RouteTable, N extends keyof R> = UrlArgs<R, N, CallOptions<R, N>>

type DataOf<N> = N extends keyof ResponseTypes ? ResponseTypes[N] : unknown

/** Settings of a client; the defaults suit the browser. */
export interface ApiConfig<R extends RouteTable> {
  routes: R
  /** Origin the paths are resolved against; the page's own origin by default. */
  baseUrl?: string
  timeout?: number
  /** The document's cookies, where the XSRF-TOKEN (or __Host-XSRF-TOKEN) cookie is read. */
  cookies?: () => string
}

/** A client over a route table: `api` makes calls, `url` builds addresses (links, downloads). */
export function createApi<R extends RouteTable>(config: ApiConfig<R>) {
  const cookies = config.cookies ?? (() => globalThis.document?.cookie ?? '')
  const base = () => config.baseUrl ?? globalThis.location?.origin ?? 'http://localhost'

  const url = makeUrl(config.routes)

  async function api<N extends keyof R & string, T = DataOf<N>>(name: N, ...args: Args<R, N>): Promise<ApiResult<T>> {
    const options = args[0]
    let path = url(name, ...(args as UrlArgs<R, N>)) // throws for an unknown route first
    const method = config.routes[name]!.method.toUpperCase()
    let body: BodyInit | undefined
    let json: unknown
    if (options?.body !== undefined && options.body !== null) {
      if (method === 'GET') {
        // docs/product.md §7: GET data goes in the query string.
        const extra = encodeQuery(options.body as Query)
        if (extra) path += (path.includes('?') ? '&' : '?') + extra
      } else if (options.body instanceof FormData) {
        body = options.body
      } else if (hasFile(options.body)) {
        body = toFormData(options.body)
      } else {
        json = options.body
      }
    }
    const href = new URL(path, base()).toString()
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...options?.headers,
    }
    const token = readXsrfToken(cookies())
    if (token) headers['X-XSRF-TOKEN'] = token

    const failure = (status: number, message: string, errBody: unknown = null): ApiResult<T> => ({
      data: null,
      status,
      error: { message, status, method, url: href, body: errBody },
    })
    try {
      const response = await ky(href, {
        method,
        headers,
        body,
        json,
        signal: options?.signal,
        timeout: config.timeout ?? TIMEOUT_MS,
        retry: RETRY,
        credentials: 'same-origin',
      })
      return { data: (await readBody(response, options?.as)) as T, error: null, status: response.status }
    } catch (e) {
      if (e instanceof HTTPError) {
        const status = e.response.status
        return failure(status, `Request failed with status code ${status}: ${method} ${href}`, await readBody(e.response))
      }
      if (e instanceof TimeoutError) return failure(0, 'Request timed out')
      if (e instanceof DOMException && e.name === 'AbortError') return failure(0, 'Request aborted')
      return failure(0, `Network error: ${method} ${href}`)
    }
  }

  return { api, url }
}

const client = createApi({ routes: serverRoutes })

/** Calls a server route by name; see the module comment. */
export const api = client.api
/** Builds a server route's path by name, for links and downloads (the same as routes.gen's). */
export const url = client.url

function hasFile(value: unknown): boolean {
  if (value instanceof Blob) return true
  if (Array.isArray(value)) return value.some(hasFile)
  if (value && typeof value === 'object') return Object.values(value).some(hasFile)
  return false
}

/** Nested data as multipart fields with bracket keys, the shape the server's qs parser reads. */
function toFormData(value: unknown): FormData {
  const form = new FormData()
  const add = (key: string, v: unknown) => {
    if (v === undefined || v === null) return
    if (v instanceof Blob) form.append(key, v, v instanceof File ? v.name : 'blob')
    else if (v instanceof Date) form.append(key, v.toISOString())
    else if (Array.isArray(v)) v.forEach((item, i) => add(`${key}[${i}]`, item))
    else if (typeof v === 'object') for (const [k, item] of Object.entries(v)) add(key ? `${key}[${k}]` : k, item)
    else form.append(key, String(v))
  }
  add('', value)
  return form
}

/** The anti-forgery cookie's names: `__Host-` prefixed in production (HTTPS), plain in development. */
function readXsrfToken(all: string): string | null {
  return readCookie(all, xsrfCookieName(all))
}

async function readBody(response: Response, as?: 'json' | 'text' | 'blob'): Promise<unknown> {
  if (as === 'blob') return response.blob()
  const text = await response.text()
  if (as === 'text') return text
  if (text === '') return null
  const type = response.headers.get('content-type') ?? ''
  if (as === 'json' || /[/+]json\b/.test(type)) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}
