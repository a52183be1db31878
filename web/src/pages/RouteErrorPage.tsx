import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPageContent } from './NotFoundPage';

/** Router error element: a fatal render error shows the error page (docs/product.md §8). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return (
      <main id="main" className="shell__main">
        <ErrorPageContent status={error.status} detail={error.statusText} />
      </main>
    );
  }
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main id="main" className="shell__main">
      <ErrorPageContent status={500} detail={detail} />
    </main>
  );
}
