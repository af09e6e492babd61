import { describe, expect, it } from 'vitest'
import { fr } from './fr'

type Tree = { readonly [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key
    return typeof value === 'string' ? [[path, value] as [string, string]] : flatten(value, path)
  })
}

// The same rules as the server's internal/i18n TestFrenchTypography, plus elision before a vowel
// and the œ ligature: French texts use curly apostrophes, a no-break space before : ; ! ? and
// inside « », plural keys (_one/_other) rather than "(s)", "d’œuf" and never "de œuf".
export function frenchTypographyFaults(entries: [string, string][]): string[] {
  const code = /\{\{[^}]*\}\}|https?:\/\/\S+|<\/?\d+>/g
  const faults: string[] = []
  for (const [key, value] of entries) {
    const prose = value.replace(code, 'X')
    if (prose.includes("'")) faults.push(`${key}: straight apostrophe`)
    if (/ [:;!?»]/.test(prose)) faults.push(`${key}: ordinary space before : ; ! ? »`)
    if (prose.includes('« ')) faults.push(`${key}: ordinary space after «`)
    if (/«[^\u202f]|[^\u202f]»/.test(prose)) faults.push(`${key}: « » without their narrow no-break spaces`)
    if (prose.includes('(s)')) faults.push(`${key}: (s) instead of a plural rule`)
    if (/(?<!\p{L})(de|que|le|la) [aeiouéèêàâîôûœ]/iu.test(prose)) faults.push(`${key}: no elision before a vowel`)
    if (/oeu/i.test(prose)) faults.push(`${key}: "oe" instead of the œ ligature`)
  }
  return faults
}

describe('French locale typography', () => {
  const entries = flatten(fr as unknown as Tree)

  it('checks every French message', () => {
    expect(entries.length).toBeGreaterThan(500)
  })

  it('catches the faults it names', () => {
    expect(frenchTypographyFaults([['a', "l'aliment"], ['b', 'Total : 3'], ['c', 'recette(s)'], ['d', 'Quantité de œuf'], ['e', 'Deux oeufs'], ['f', 'Garder «Bol\u00a0»']])).toHaveLength(6)
    expect(frenchTypographyFaults([['ok', 'Quantité d’œuf cru\u202f: {{n}}']])).toEqual([])
  })

  it('follows French typography in every message', () => {
    expect(frenchTypographyFaults(entries)).toEqual([])
  })
})
