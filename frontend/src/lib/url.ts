/**
 * Builds paths from the route table generated from the Go router (routes.gen.ts exports
 * `url`, bound to the real table). Every internal link, form action and redirect target in the
 * frontend goes through it, so a path exists in one place only (the router) and a renamed or
 * removed route fails the type check (docs/client-contract.md, "Links"). It imports nothing:
 * the generated table imports it, not the other way round.
 */

/** An HTTP method a route answers, as the route helper sends it. */
export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** One route of the Go router: method, chi path pattern and parameter names in order. */
export interface RouteDefinition {
  readonly method: RouteMethod
  readonly path: string
  readonly params: readonly string[]
}

/** A query value: scalars, arrays (sent as `k[]=v`) and objects (sent as `k[sub]=v`). */
export type QueryValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue }

/** Query parameters of a call. */
export type Query = Readonly<Record<string, QueryValue>>

/** A table of routes by name. */
export type RouteTable = Readonly<Record<string, RouteDefinition>>

/** The names of the routes without parameters. */
export type PlainRoute<R extends RouteTable> = {
  [K in keyof R]: R[K]['params'] extends readonly [] ? K : never
}[keyof R]

/** The parameter names of route N. */
export type ParamName<R extends RouteTable, N extends keyof R> = R[N]['params'][number]

/** `params` is required, and type-checked, exactly when the route has parameters. */
export type ParamsOption<R extends RouteTable, N extends keyof R> = [ParamName<R, N>] extends [never]
  ? { params?: Readonly<Record<string, never>> }
  : { params: Readonly<Record<ParamName<R, N>, string | number>> }

/** What a path needs besides the route name. */
export type UrlOptions<R extends RouteTable, N extends keyof R> = ParamsOption<R, N> & {
  query?: Query
  /** An anchor on the page, without the #. */
  hash?: string
}

/** The options argument, optional when the route has no parameters. */
export type UrlArgs<R extends RouteTable, N extends keyof R, O = UrlOptions<R, N>> = [ParamName<R, N>] extends [never]
  ? [options?: O]
  : [options: O]

/**
 * Returns `url(name, { params, query, hash })` over a route table: the path with parameters
 * percent-encoded, then the query and the anchor. An unknown name or a missing parameter is a
 * programming error and throws.
 */
export function makeUrl<R extends RouteTable>(routes: R) {
  return function url<N extends keyof R & string>(name: N, ...[options]: UrlArgs<R, N>): string {
    const def = Object.hasOwn(routes, name) ? routes[name] : undefined
    if (!def) throw new Error(`Route ${name} not found`)
    const params = (options?.params ?? {}) as Record<string, string | number | undefined>
    const path = def.path.replace(/\{([^}]+)\}/g, (_, param: string) => {
      const value = params[param]
      if (value === undefined || value === null || value === '') {
        throw new Error(`Route ${def.path} is missing the ${param} parameter`)
      }
      return encodeURIComponent(String(value))
    })
    const query = encodeQuery(options?.query ?? {})
    const hash = options?.hash ? `#${encodeURIComponent(options.hash)}` : ''
    return (query ? `${path}?${query}` : path) + hash
  }
}

/**
 * Encodes a query the way the server's parser reads it: `k=v`, arrays as `k[]=v`, objects as
 * `k[sub]=v`; null and undefined are left out, dates sent as ISO strings.
 */
export function encodeQuery(query: Query): string {
  const parts: string[] = []
  const add = (key: string, value: QueryValue) => {
    if (value === undefined || value === null) return
    if (value instanceof Date) {
      parts.push(`${key}=${encodeURIComponent(value.toISOString())}`)
    } else if (Array.isArray(value)) {
      for (const v of value as readonly QueryValue[]) add(`${key}[]`, v)
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${encodeURIComponent(k)}]`, v)
    } else {
      parts.push(`${key}=${encodeURIComponent(String(value))}`)
    }
  }
  for (const [k, v] of Object.entries(query)) add(encodeURIComponent(k), v)
  return parts.join('&')
}
