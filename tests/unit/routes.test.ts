import { describe, expect, it } from 'vitest';
import { caseInsensitiveParser, hasParams, matchRoute, pageRoutes, routes } from '../../src/views/shell/routes';

describe('the route table', () => {
  it('matches every route exactly, in any case, with or without a trailing slash', () => {
    expect(matchRoute('/')?.page).toBe('HomePage');
    expect(matchRoute('/about')?.page).toBe('AboutPage');
    expect(matchRoute('/ABOUT/')?.page).toBe('AboutPage');
    expect(matchRoute('/inventory')).toMatchObject({ page: 'InventoryPage', access: 'protected' });
    expect(matchRoute('/reset-password')).toMatchObject({ page: 'ResetPasswordPage', prerender: false });
  });

  it('knows no other path (those are the 404 page)', () => {
    for (const path of ['/about/more', '/abou', '/inventory/5', '//', '/dashboardx', '/x/'])
      expect(matchRoute(path), path).toBeNull();
  });

  it('has one entry per path in `routes` and one page per entry', () => {
    expect(pageRoutes.map((r) => r.path).sort()).toEqual(Object.values(routes).sort());
    expect(new Set(pageRoutes.map((r) => r.page)).size).toBe(pageRoutes.length);
  });

  it('turns :name segments into params, one segment each', () => {
    const { pattern, keys } = caseInsensitiveParser('/events/:id/sheet');
    expect(keys).toEqual(['id']);
    expect(pattern.exec('/Events/42/sheet/')?.[1]).toBe('42');
    expect(pattern.test('/events/4/2/sheet')).toBe(false);
    expect(hasParams('/events/:id/sheet')).toBe(true);
    expect(hasParams(routes.about)).toBe(false);
    expect(caseInsensitiveParser('/a.b').pattern.test('/aXb')).toBe(false);
  });
});
