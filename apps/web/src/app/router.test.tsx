import { describe, expect, it } from 'vitest';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { routePatterns } from '@/lib/paths';
import { appRoutes } from './router';
import { adminViews } from './routes/admin';
import { clientViews } from './routes/client';

// wouter's own matcher with its default parser (regexparam), so "routed" means what the app does.
const matches = (pattern: string, path: string) => matchRoute(parse, pattern, path)[0];
const firstMatch = <R extends { path: string }>(routes: readonly R[], path: string) =>
  routes.find((route) => matches(route.path, path));
const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'sample-1');

describe('the route table', () => {
  it.each(Object.entries(routePatterns))('routes %s (%s)', (_, pattern) => {
    const path = sample(pattern);
    const top = firstMatch(appRoutes, path);
    expect(top, `no top-level route for ${path}`).toBeDefined();
    if (top?.path.endsWith('/*') || top?.path === routePatterns.clientDashboard) {
      // The client's views are matched a second time inside the client route.
      expect(firstMatch(clientViews, path)?.path).toBe(pattern);
    } else {
      expect(top?.path).toBe(pattern);
    }
  });

  it('routes nothing that is not in the table', () => {
    const table = new Set<string>(Object.values(routePatterns));
    const routed = [...appRoutes.map((route) => route.path.replace(/\/\*$/, '')), ...clientViews.map((view) => view.path)];
    expect(routed.filter((pattern) => !table.has(pattern))).toEqual([]);
  });

  it('sends an unknown address to no route (the 404 page)', () => {
    expect(firstMatch(appRoutes, '/no-such-page')).toBeUndefined();
    expect(firstMatch(clientViews, '/client/no-such-view')).toBeUndefined();
    // Not the admin route: a visitor gets the 404 page, not a sign-in first.
    expect(firstMatch(appRoutes, '/admin/no-such-area')).toBeUndefined();
  });

  it('gives every admin page the admin route, and the admin route a view for each', () => {
    const adminRoute = firstMatch(appRoutes, routePatterns.admin)?.component;
    const routedToAdmin = appRoutes.filter((route) => route.component === adminRoute).map((route) => route.path);
    expect(routedToAdmin).toEqual(adminViews.map((view) => view.path));
    const adminPatterns = Object.entries(routePatterns).filter(([name]) => name.startsWith('admin'));
    expect(adminViews.map((view) => view.path)).toEqual(adminPatterns.map(([, pattern]) => pattern));
  });
});
