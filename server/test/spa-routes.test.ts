import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAppRoute } from '../src/api/web/spa.js';

/** Every path the web router knows (web/src/app/routes.tsx), its parameters filled in. */
function webRoutePaths(): string[] {
  const source = fs.readFileSync(new URL('../../web/src/app/routes.tsx', import.meta.url), 'utf8');
  return [...source.matchAll(/path: '([^']+)'/g)]
    .map((match) => match[1]!)
    .filter((path) => !path.endsWith('*'))
    .map((path) => `/${path.replace(/:page/g, '2').replace(/:[A-Za-z]+/g, '12')}`);
}

describe('the server answers 200 exactly for the pages the web app has', () => {
  it('knows every route of the web router', () => {
    const paths = webRoutePaths();
    expect(paths).toContain('/dashboard/orders');
    for (const path of paths) expect(isAppRoute(path), path).toBe(true);
  });

  it('answers 404 for an unknown dashboard path, like any unknown page', () => {
    for (const path of ['/dashboard/bestaat-niet', '/dashboard/products/12/extra', '/dashboard/catalog', '/dashboardx', '/bestaat/niet']) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
