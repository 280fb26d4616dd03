// The scene tabs of 场景找房: one link each, with how many 二手房 are on sale under the scene's presets.
import { Link } from 'react-router';
import type { SceneCode, SceneRow } from '@fjt/domain';
import { sceneHref } from './scene-filters.ts';

export function SceneTabs({ scenes, current }: { scenes: SceneRow[]; current: SceneCode }) {
  return (
    <nav className="scene-tabs" role="tablist" aria-label="找房场景">
      {scenes.map((s) => (
        <Link
          key={s.code}
          role="tab"
          aria-selected={s.code === current}
          to={sceneHref(s.code)}
          replace
          preventScrollReset
        >
          <span className="scene-tabs__name">{s.name}</span>
          <small className="scene-tabs__count num">{s.count}套</small>
        </Link>
      ))}
    </nav>
  );
}
