/**
 * One preact-iso lazy component per route. A failed chunk load is forgotten so that "retry" fetches
 * it again (preact-iso's lazy caches its promise, a rejected one included).
 */
import lazy from 'preact-iso/lazy';
import type { ComponentType } from 'react';
import type { PageProps, RouteDef } from './route-types.ts';

type LazyPage = ComponentType<PageProps> & { preload: () => Promise<unknown> };

const components = new Map<RouteDef, LazyPage>();

export function pageComponent(route: RouteDef): LazyPage {
  let component = components.get(route);
  if (!component) {
    component = lazy(route.load) as unknown as LazyPage;
    components.set(route, component);
  }
  return component;
}

export async function preloadPage(route: RouteDef): Promise<void> {
  try {
    await pageComponent(route).preload();
  } catch (error) {
    components.delete(route);
    throw error;
  }
}
