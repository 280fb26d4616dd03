// 场景找房 on the home page (PAGES.md §3.1 /{city}/scene): the four scenario landings, one tap each, under the
// entry grid — where a buyer who knows what kind of home they want, but not where, starts.
import { Link } from 'react-router';
import { SCENES, SCENE_CODES, type SceneCode } from '@fjt/domain';
import { spm } from '../../lib/spm.ts';

const TAGLINE: Record<SceneCode, string> = {
  metro: '1公里内有地铁',
  school: '就近入学',
  lowTotal: '首付压力小',
  subNew: '楼龄10年内',
};

export function SceneEntries({ cityId }: { cityId: number }) {
  return (
    <nav className="home-scenes" aria-label="场景找房">
      {SCENE_CODES.map((code) => (
        <Link
          key={code}
          to={`/${cityId}/scene?scene=${code}`}
          className="home-scenes__item"
          data-spm={spm('city-home', 'scene', code)}
        >
          <b>{SCENES[code].name}</b>
          <small>{TAGLINE[code]}</small>
        </Link>
      ))}
    </nav>
  );
}
