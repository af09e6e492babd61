import ErrorPage from '../../components/error-page'

export default function NotFound() {
  return <ErrorPage kind="notFound" status={404} />
}
