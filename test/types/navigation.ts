/**
 * Compile-time checks of the typed navigation, run by `npm run typecheck` (never executed): every line marked
 * `@ts-expect-error` must fail to compile, or the typecheck fails with "Unused '@ts-expect-error' directive".
 */
import { go, goToPage, pagePath, pathTo } from '../../src/app/navigate.ts';
import type { PageProps, RouteName, RouteSegment } from '../../src/app/route-types.ts';

export function navigationTypeChecks(props: PageProps): void {
  // Pages of the table are accepted.
  goToPage('personal-center');
  goToPage('', { replace: true });
  go(pagePath('login', 'demo'));
  go(pathTo('order-list', '?status=1'));
  const segment: RouteSegment = 'phone-view-switch';
  const name: RouteName = 'phoneViewSwitch';
  void [segment, name, props.routeName === 'payResult'];

  // @ts-expect-error a segment that is not in the route table
  goToPage('personal-centre');
  // @ts-expect-error a hand-written path: go() takes only paths built from the table
  go('/login/demo');
  // @ts-expect-error route names are camelCase, segments kebab-case
  pagePath('payResult', 'demo');
  // @ts-expect-error a name that is not in the table
  void (props.routeName === 'paymentResult');
}
