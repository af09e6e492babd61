import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button, buttonClass } from './button'
import { Card, cardClass } from './card'
import { Choice, Field, FieldError, Input, TextField } from './field'
import { Select, SelectField } from './select'
import { Table, TableCell, TableFrame, TableHead, TableHeader, TableRow } from './table'

// The server sends some errors as texts it has versions of in every locale; the field shows the
// current locale's. Here: one known text, translated to "traduit".
vi.mock('../../hooks/use-server-text', () => ({
  useServerText: (text: string | undefined) => (text === 'server.text' ? 'traduit' : text),
}))

const classes = (el: Element) => el.className.split(' ').filter(Boolean).sort()

describe('Card', () => {
  it('draws the section card the pages wrote by hand, as the element asked for', () => {
    render(
      <Card as="section" aria-labelledby="t" className="space-y-4" data-testid="card">
        <h2 id="t">Titre</h2>
      </Card>,
    )
    const card = screen.getByTestId('card')
    expect(card.tagName).toBe('SECTION')
    expect(card).toHaveAttribute('aria-labelledby', 't')
    expect(classes(card)).toEqual('space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm'.split(' ').sort())
  })

  it('has an item and a panel look with their own padding, and a padding that opens up', () => {
    expect(classes({ className: cardClass({ variant: 'item' }) } as Element)).toEqual('rounded-2xl border border-stone-200 bg-white p-4'.split(' ').sort())
    expect(classes({ className: cardClass({ variant: 'panel', padding: 'md' }) } as Element)).toEqual('rounded-xl border border-stone-200 bg-white p-5'.split(' ').sort())
    expect(cardClass({ padding: 'xl' })).toContain('p-6 sm:p-8')
    expect(cardClass({ variant: 'item', padding: 'none' })).not.toMatch(/\bp-\d/)
  })

  it('passes a form its submit handler', async () => {
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault())
    render(
      <Card as="form" onSubmit={onSubmit}>
        <button type="submit">Envoyer</button>
      </Card>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })
})

describe('Button', () => {
  it('does not submit its form unless it is a submit button', async () => {
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault())
    render(
      <form onSubmit={onSubmit}>
        <Button>Plus</Button>
        <Button type="submit" variant="secondary" size="lg" block>
          Envoyer
        </Button>
      </form>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Plus' }))
    expect(onSubmit).not.toHaveBeenCalled()
    const submit = screen.getByRole('button', { name: 'Envoyer' })
    expect(classes(submit)).toEqual('btn-secondary py-3 text-base w-full'.split(' ').sort())
    await userEvent.click(submit)
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('gives a link the look of a button', () => {
    expect(buttonClass()).toBe('btn-primary')
    expect(buttonClass({ variant: 'danger-secondary', className: 'mt-3' })).toBe('btn-secondary text-red-700 mt-3')
    expect(buttonClass({ variant: 'danger' })).toContain('bg-red-700')
  })

  it('draws a toggle from its aria-pressed, and a quiet button for a dark surface', () => {
    render(
      <>
        <Button variant="toggle" aria-pressed={true}>
          Gardée
        </Button>
        <Button variant="inverse">Copier</Button>
      </>,
    )
    const toggle = screen.getByRole('button', { name: 'Gardée', pressed: true })
    expect(toggle).toHaveAttribute('type', 'button')
    expect(classes(toggle)).toEqual(expect.arrayContaining(['btn-secondary', 'aria-pressed:bg-brand-50', 'aria-pressed:border-brand-700']))
    expect(classes(screen.getByRole('button', { name: 'Copier' }))).toEqual('btn border border-white/40 text-white hover:bg-white/10'.split(' ').sort())
  })
})

describe('Field', () => {
  it('labels its control and names its hint in aria-describedby', () => {
    render(<TextField id="email" label="E-mail" hint="Jamais partagé" value="" onChange={() => {}} />)
    const input = screen.getByLabelText('E-mail')
    expect(input).toHaveAttribute('name', 'email')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).toHaveAccessibleDescription('Jamais partagé')
    expect(input.className).toContain('focus-visible:outline-accent-700')
    expect(input.className).toContain('border-stone-300')
  })

  it('announces the translated error, names it instead of the hint, and marks the control invalid', () => {
    render(<TextField id="email" label="E-mail" hint="Jamais partagé" error="server.text" value="" onChange={() => {}} />)
    const input = screen.getByLabelText('E-mail')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('aria-describedby', 'email-error')
    expect(input).toHaveAccessibleDescription('traduit')
    expect(screen.getByRole('alert')).toHaveTextContent('traduit')
    expect(screen.getByTestId('email-error')).toBeInTheDocument()
    expect(screen.queryByText('Jamais partagé')).toBeNull()
    expect(input.className).toContain('border-red-500')
    expect(input.className).not.toContain('border-stone-300')
  })

  it('drops the error as soon as the text changes', async () => {
    function Form() {
      const [v, setV] = useState('')
      return <TextField id="name" label="Nom" error="Obligatoire" value={v} onChange={(e) => setV(e.target.value)} />
    }
    render(<Form />)
    expect(screen.getByRole('alert')).toHaveTextContent('Obligatoire')
    await userEvent.type(screen.getByLabelText('Nom'), 'a')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByLabelText('Nom')).not.toHaveAttribute('aria-invalid')
  })

  it('wires any control given to it', () => {
    render(
      <Field id="qty" label="Quantité" error="Trop grand">
        {(c) => <Input {...c} size="xs" className="w-24" />}
      </Field>,
    )
    const input = screen.getByLabelText('Quantité')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Trop grand')
    expect(input.className).toContain('w-24')
    expect(input.className).toContain('text-sm')
  })

  it('shows a group error without an id, and nothing without a message', () => {
    const { container } = render(<FieldError message={undefined} />)
    expect(container).toBeEmptyDOMElement()
    render(<FieldError message="Choisissez" />)
    expect(screen.getByRole('alert')).toHaveTextContent('Choisissez')
  })

  it('draws checkboxes and radios in the brand colour', () => {
    render(<Choice type="checkbox" aria-label="Se souvenir" />)
    expect(screen.getByRole('checkbox', { name: 'Se souvenir' }).className).toContain('accent-brand-700')
  })
})

describe('Select', () => {
  it('labels the select, lists its options and announces its error', async () => {
    const onChange = vi.fn()
    render(<SelectField id="diet" label="Régime" error="Choisissez" value="" onChange={onChange} options={[{ value: '', label: '—' }, { value: 'vegan', label: 'Végétalien' }]} />)
    const select = screen.getByRole('combobox', { name: 'Régime' })
    expect(select).toHaveAttribute('name', 'diet')
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(select).toHaveAccessibleDescription('Choisissez')
    await userEvent.selectOptions(select, 'vegan')
    expect(onChange).toHaveBeenCalled()
  })

  it('takes its options as children too', () => {
    render(
      <Select aria-label="Langue" size="sm" defaultValue="en">
        <option value="fr">Français</option>
        <option value="en">English</option>
      </Select>,
    )
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('en')
  })
})

describe('Table', () => {
  it('frames a data table that the keyboard can scroll, with column and row headers', () => {
    render(
      <TableFrame className="mt-2">
        <Table aria-label="Prix">
          <TableHeader>
            <tr>
              <TableHead>Rayon</TableHead>
              <TableHead>Prix</TableHead>
            </tr>
          </TableHeader>
          <tbody>
            <TableRow>
              <TableHead scope="row">Fruits</TableHead>
              <TableCell>3 €</TableCell>
            </TableRow>
          </tbody>
        </Table>
      </TableFrame>,
    )
    const table = screen.getByRole('table', { name: 'Prix' })
    expect(table.parentElement).toHaveAttribute('tabindex', '0')
    expect(table.parentElement?.className).toContain('overflow-x-auto')
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rayon', 'Prix'])
    expect(screen.getByRole('rowheader', { name: 'Fruits' }).className).toContain('font-normal')
    expect(screen.getByRole('cell', { name: '3 €' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '3 €' }).className).toContain('px-3 py-2')
    expect(table.querySelector('thead')?.className).toContain('bg-stone-50')
  })

  it('sets a compact table inside a card, in a bare frame the keyboard can still scroll', () => {
    render(
      <TableFrame bare>
        <Table density="compact" aria-label="Assiettes">
          <TableHeader>
            <tr>
              <TableHead>Aliment</TableHead>
            </tr>
          </TableHeader>
          <tbody>
            <TableRow>
              <TableHead scope="row">Riz</TableHead>
              <TableCell>150 g</TableCell>
            </TableRow>
          </tbody>
        </Table>
      </TableFrame>,
    )
    const frame = screen.getByRole('table', { name: 'Assiettes' }).parentElement!
    expect(frame).toHaveAttribute('tabindex', '0')
    expect(frame.className).toContain('overflow-x-auto')
    expect(frame.className).not.toContain('border')
    expect(screen.getByRole('columnheader', { name: 'Aliment' }).closest('thead')?.className).not.toContain('bg-stone-50')
    for (const cell of [screen.getByRole('columnheader', { name: 'Aliment' }), screen.getByRole('rowheader', { name: 'Riz' }), screen.getByRole('cell', { name: '150 g' })]) {
      expect(classes(cell)).toEqual(expect.arrayContaining(['py-1', 'pr-2']))
      expect(cell.className).not.toContain('px-3')
    }
  })
})
