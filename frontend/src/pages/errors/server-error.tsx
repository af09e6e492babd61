import ErrorPage from '../../components/error-page'

export default function ServerError() {
  return <ErrorPage kind="serverError" status={500} />
}
