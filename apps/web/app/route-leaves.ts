// The pages of the route table: its leaves with their full paths. A layout route (the /ops area) is no page of its
// own; its children are, under its path. Tests and e2e read the table through this.
import type { RouteConfigEntry } from '@react-router/dev/routes';

export interface RouteLeaf {
  id: string;
  /** The full path, '/' for the root index. */
  path: string;
  file: string;
}

export function routeLeaves(entries: readonly RouteConfigEntry[], parent = ''): RouteLeaf[] {
  return entries.flatMap((r) => {
    const path = [parent, r.index ? '' : (r.path ?? '')].filter(Boolean).join('/');
    if (r.children?.length) return routeLeaves(r.children, path);
    return [{ id: r.id ?? '', path: path || '/', file: r.file }];
  });
}
