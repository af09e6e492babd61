import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { fr } from './fr'

const presets = ['default', 'high_protein', 'high_carbs', 'low_carbs', 'balanced'] as const

// One name per macronutrient preset wherever a person meets it: the onboarding, the survey and
// the household form (profile.presets adds the split), and the server's e-mails.
describe.each([
  ['fr', fr],
  ['en', en],
] as const)('preset names in %s', (lng, m) => {
  const server = JSON.parse(readFileSync(resolve(__dirname, `../../../internal/i18n/locales/identity.${lng}.json`), 'utf8')) as Record<string, string>
  it.each(presets)('%s has one name', (p) => {
    const name = m.onboarding.preferences.preset[p]
    expect(m.profile.presets[p]).toMatch(new RegExp(`^${name} \\(\\d+/\\d+/\\d+\\)$`))
    expect(server[`email.macro_preset.${p}`]).toBe(name)
  })
})
