// The page a navigation in progress is loading (its route id, params and path), or null when none is: what the
// root needs to draw that page's skeleton and chrome from the tap on.
import { useContext } from 'react';
import { UNSAFE_DataRouterContext, matchRoutes, useNavigation } from 'react-router';
import type { PageAt } from './chrome.ts';

export function useNavigationTarget(): PageAt | null {
  const navigation = useNavigation();
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes;
  if (navigation.state !== 'loading' || !navigation.location) return null;
  // A route not discovered yet (lazy route discovery) has no match: the generic skeleton stands in.
  const leaf = routes ? matchRoutes(routes, navigation.location)?.at(-1) : undefined;
  return { id: leaf?.route.id, params: leaf?.params ?? {}, pathname: navigation.location.pathname };
}
