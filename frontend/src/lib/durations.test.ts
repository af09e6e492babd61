import { describe, expect, it } from 'vitest'
import { clock, stepDuration } from './durations'

describe('step durations', () => {
  it('reads the durations the recipe steps state, in French and English', () => {
    expect(stepDuration('Plongez les œufs dans l’eau bouillante 9\u00a0minutes, refroidissez-les.')?.seconds).toBe(540)
    expect(stepDuration('faites-les cuire à la vapeur 12 à 15\u00a0minutes, jusqu’à ce qu’elles soient tendres.')?.seconds).toBe(720)
    expect(stepDuration('Cook the pasta for 9 to 11 minutes, stirring now and then.')?.seconds).toBe(540)
    expect(stepDuration('Laissez mijoter 1 h à couvert.')?.seconds).toBe(3600)
    expect(stepDuration('Cook for 20 min.')?.text).toBe('20 min')
  })

  it('finds none where a step states none', () => {
    expect(stepDuration('Pesez les ingrédients selon les quantités de la recette.')).toBeNull()
    expect(stepDuration('Faites cuire les pâtes (1\u00a0L pour 100\u00a0g).')).toBeNull()
    expect(stepDuration('Servez 2 hamburgers.')).toBeNull()
  })

  it('writes a countdown as a clock', () => {
    expect(clock(540)).toBe('9:00')
    expect(clock(65)).toBe('1:05')
    expect(clock(3725)).toBe('1:02:05')
  })
})
