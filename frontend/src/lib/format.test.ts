import { describe, expect, it } from 'vitest'
import { formatMoney, formatNumber, formatSigned } from './format'

describe('formatNumber', () => {
  it('writes French numbers with a decimal comma, narrow no-break space thousands and a true minus', () => {
    expect(formatNumber(0.5, 'fr')).toBe('0,5')
    expect(formatNumber(46.24, 'fr')).toBe('46,2')
    expect(formatNumber(-27.84, 'fr')).toBe('\u221227,8')
    expect(formatNumber(2200, 'fr')).toBe('2\u202f200')
  })

  it('writes English numbers the English way', () => {
    expect(formatNumber(2200, 'en')).toBe('2,200')
    expect(formatNumber(-27.84, 'en')).toBe('\u221227.8')
  })

  it('signs differences', () => {
    expect(formatSigned(4.5, 'fr')).toBe('+4,5')
    expect(formatSigned(-4.5, 'fr')).toBe('\u22124,5')
    expect(formatSigned(0, 'fr')).toBe('0')
  })
})

describe('formatMoney', () => {
  it('writes dollars one way, as the server does', () => {
    expect(formatMoney(839, 'USD', 'fr')).toBe('8,39\u00a0$US')
    expect(formatMoney(839, 'USD', 'en')).toBe('$8.39')
    expect(formatMoney(123450, 'EUR', 'en')).toBe('€1,234.50')
  })
})
