import type { ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from '../pages/NotFoundPage';
import { routes } from './routes';

function leafRoute(pathname: string) {
  return matchRoutes(routes, pathname)?.at(-1)?.route;
}

describe('routes', () => {
  it('answers an unknown dashboard path with the 404 page, like any unknown page', () => {
    for (const pathname of ['/dashboard/bestaat-niet', '/dashboard/products/12/extra', '/bestaat/niet']) {
      const leaf = leafRoute(pathname);
      expect(leaf?.path, pathname).toBe('*');
      expect((leaf!.element as ReactElement).type, pathname).toBe(NotFoundPage);
    }
  });

  it('still opens the known staff screens', () => {
    expect(leafRoute('/dashboard')?.path).toBe('dashboard');
    expect(leafRoute('/dashboard/orders')?.path).toBe('dashboard/orders');
    expect(leafRoute('/dashboard/manuals/3/edit')?.path).toBe('dashboard/manuals/:id/edit');
  });
});
