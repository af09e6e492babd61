import LegalPage from '../../components/legal-page'

const sections = ['service', 'account', 'tokens', 'liability', 'changes'] as const

export default function Terms() {
  return <LegalPage ns="terms" sections={sections} />
}
