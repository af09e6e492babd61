import { describe, expect, it } from 'vitest'
import { formatQuantity, fromInput, toInput } from './units'

describe('units', () => {
  it('keeps grams as they are', () => {
    expect(toInput(250, 'g')).toBe(250)
    expect(fromInput('250', 'g')).toBe(250)
    expect(formatQuantity(250, 'g', 'fr-FR')).toBe('250 g')
    expect(formatQuantity(1500, 'g', 'en-GB')).toBe('1.5 kg')
  })
  it('converts ounces and pounds', () => {
    expect(toInput(283.5, 'lb')).toBe(10)
    expect(fromInput('10', 'lb')).toBe(283)
    expect(fromInput('2,5', 'lb')).toBe(71)
    expect(formatQuantity(500, 'lb', 'en-GB')).toBe('1 lb 2 oz')
    // 2 lb typed in pounds is stored as 907 g (31.99 oz): it reads 2 lb, not 1 lb 16 oz.
    expect(formatQuantity(907, 'lb', 'en-GB')).toBe('2 lb')
    expect(formatQuantity(100, 'lb', 'en-GB')).toBe('3.5 oz')
  })
  it('refuses what is not a number', () => {
    expect(fromInput('', 'g')).toBeNaN()
    expect(fromInput('abc', 'lb')).toBeNaN()
  })
})
