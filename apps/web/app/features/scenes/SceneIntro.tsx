// What a scene is for: why buyers want it, the one thing to check, and the filters it starts from.
import type { SceneRow } from '@fjt/domain';

export function SceneIntro({ cityName, scene }: { cityName: string; scene: SceneRow }) {
  return (
    <section className="scene-intro" aria-labelledby="scene-intro-title">
      <div className="scene-intro__head">
        <h2 id="scene-intro-title">
          {cityName}
          {scene.name}
        </h2>
        <span className="scene-intro__count">
          在售<b className="num">{scene.count}</b>套
        </span>
      </div>
      <p className="scene-intro__text">{scene.intro}</p>
      <p className="scene-intro__caveat">
        <span>留意</span>
        {scene.caveat}
      </p>
      {scene.presets.length > 0 ? (
        <p className="scene-intro__presets">
          预设条件：
          {scene.presets.map((p) => (
            <span key={p.key} className="scene-chip">
              {p.name} {p.label}
            </span>
          ))}
          <small>可在下方修改</small>
        </p>
      ) : null}
    </section>
  );
}
