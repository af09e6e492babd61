// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageComponents, pagesWithoutComponent } from '../types/props.gen'
import { pageNames } from './resolve-page'
import { routes, url } from './routes.gen'

const src = join(__dirname, '..')

/** The frontend's own source files, without tests and generated modules. */
function sourceFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(path)
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name) || /\.gen\.ts$/.test(e.name)) return []
    return [path]
  })
}

/** Drops comments, so a path cited in a doc comment does not count as a link. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

describe('internal links', () => {
  // Every internal address comes from url() over the table generated from the Go router, so a
  // renamed or removed route fails the type check instead of leading to a 404.
  it('are never written by hand in pages, layouts, components or libraries', () => {
    // A string that starts with a path segment, or any href written as a literal ("/" too).
    const literalPath = /(['"`])\/[a-zA-Z][^'"`\s]*|href=(['"])\/[^'"]*/g
    const found = sourceFiles().flatMap((file) =>
      [...code(readFileSync(file, 'utf8')).matchAll(literalPath)]
        .map((m) => m[0])
        // Built assets, the favicon and module files are files, not routes.
        .filter((s) => !/^(href=)?['"`]\/(build\/|favicon\.ico)/.test(s) && !/\.tsx?$/.test(s))
        .map((s) => `${relative(src, file)}: ${s}`),
    )
    expect(found).toEqual([])
  })

  it('fill route parameters and anchors from the route table', () => {
    expect(url('index', { hash: 'pricing' })).toBe('/#pricing')
    expect(url('auth.otp', { params: { email: 'a@b.fr' } })).toBe('/auth/otp/a%40b.fr')
    expect(url('resetPassword.forgottenPassword', { query: { email: 'a@b.fr' } })).toBe(
      '/reset-password/forgotten-password?email=a%40b.fr',
    )
    expect(Object.keys(routes).length).toBeGreaterThan(20)
  })
})

describe('page components', () => {
  // The server declares each page with page.Define; the type check proves each declared page
  // whose file exists accepts its props (PagesAcceptTheirProps in src/page-props-check.gen.ts).
  // This proves the other direction: no component file the server does not declare.
  it('are pages the server declares', () => {
    const declared = new Set<string>(pageComponents)
    expect(pageNames().filter((name) => !declared.has(name))).toEqual([])
    const withFile = pageComponents.filter((c) => !(pagesWithoutComponent as readonly string[]).includes(c))
    expect([...pageNames()].sort()).toEqual([...withFile].sort())
  })
})
