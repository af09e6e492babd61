import { describe, expect, it } from 'vitest'
import { serverMessageKeys } from '../types/props.gen'
import { en } from './en'
import { fr } from './fr'

type Tree = { readonly [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

const frKeys = flatten(fr)
const enKeys = flatten(en)

describe('locale files', () => {
  it('have exactly the same keys in French and English', () => {
    const missingInEn = [...frKeys.keys()].filter((k) => !enKeys.has(k))
    const missingInFr = [...enKeys.keys()].filter((k) => !frKeys.has(k))
    expect({ missingInEn, missingInFr }).toEqual({ missingInEn: [], missingInFr: [] })
  })

  it('have no empty strings', () => {
    const empty = [...frKeys, ...enKeys].filter(([, v]) => v.trim() === '').map(([k]) => k)
    expect(empty).toEqual([])
  })

  it('use the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()
    const mismatched = [...frKeys].filter(([k, v]) => vars(v).join() !== vars(enKeys.get(k) ?? '').join()).map(([k]) => k)
    expect(mismatched).toEqual([])
  })

  // serverMessageKeys is what the real server's shared props name (gamelle types --ts renders
  // the landing page offline and collects every page.MessageKey), not a fixture.
  it('translate every key the server names in its shared props', () => {
    expect(serverMessageKeys.length).toBeGreaterThan(30)
    expect(serverMessageKeys.filter((k) => !frKeys.has(k))).toEqual([])
    expect(serverMessageKeys.filter((k) => !enKeys.has(k))).toEqual([])
  })
})

// French writes a discount "−30 %" (minus sign, no-break space); English says "30% off". Every
// message whose French names the welcome discount or a pack's discount is checked in English.
describe('discounts in English', () => {
  const discount = /(30|\{\{percent\}\})\s%/
  const keys = [...frKeys].filter(([, v]) => discount.test(v)).map(([k]) => k)

  it('are found (the check is not empty)', () => {
    expect(keys.length).toBeGreaterThanOrEqual(5)
  })

  it('read "N% off", never "−N %"', () => {
    const wrong = keys
      .map((k) => [k, enKeys.get(k) ?? ''] as const)
      .filter(([, v]) => !/(30|\{\{percent\}\})% off/.test(v) || /−\s*(30|\{\{percent\}\})|\d\s%|\}\}\s%/.test(v))
    expect(wrong).toEqual([])
  })
})
