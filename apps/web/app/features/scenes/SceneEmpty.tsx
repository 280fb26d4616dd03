// The empty result of a scene: say so, then offer the next step — drop the user's own changes, or another
// scene that has listings.
import { Link } from 'react-router';
import type { SceneRow } from '@fjt/domain';
import { sceneHref } from './scene-filters.ts';
import { ClearFiltersLink, EmptyState } from '../../components/empty-state/EmptyState.tsx';

export function SceneEmpty({
  cityName,
  scene,
  scenes,
  edited,
}: {
  cityName: string;
  scene: SceneRow;
  scenes: SceneRow[];
  /** The filters differ from the scene's presets. */
  edited: boolean;
}) {
  const others = scenes.filter((s) => s.code !== scene.code && s.count > 0);
  return (
    <EmptyState
      frame="plain"
      title="没有符合条件的房源"
      hint={edited ? '放宽筛选条件试试，或者换个场景看看' : `${cityName}暂时没有在售的${scene.name}，换个场景看看`}
      action={edited ? <ClearFiltersLink to={sceneHref(scene.code)} preventScrollReset /> : null}
    >
      {others.length > 0 ? (
        <ul className="scene-empty__others" aria-label="其他场景">
          {others.map((s) => (
            <li key={s.code}>
              <Link to={sceneHref(s.code)} replace>
                {s.name} · {s.count}套
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </EmptyState>
  );
}
