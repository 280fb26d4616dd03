import { describe, expect, it } from 'vitest';
import { SCENE_SLOTS, effectiveFilters, isPreset, withSceneFilter } from './scene-filters.ts';

const presets = { metroDistance: '1000' };
const slots = SCENE_SLOTS.metro;
const accepts = (_key: string, value: string) => /^\d+(-\d*)?$/.test(value);

describe('scene filters in the URL', () => {
  it('starts from the presets and lays the URL’s changes on top', () => {
    expect(effectiveFilters(new URLSearchParams('scene=metro'), slots, presets, accepts)).toEqual({
      metroDistance: '1000',
    });
    expect(
      effectiveFilters(new URLSearchParams('scene=metro&metroDistance=500&roomType=2'), slots, presets, accepts),
    ).toEqual({ metroDistance: '500', roomType: '2' });
  });

  it('an empty parameter clears a preset; a malformed one falls back to it', () => {
    expect(effectiveFilters(new URLSearchParams('metroDistance='), slots, presets, accepts)).toEqual({});
    expect(effectiveFilters(new URLSearchParams('metroDistance=near&price=abc'), slots, presets, accepts)).toEqual({
      metroDistance: '1000',
    });
  });

  it('ignores a filter the scene’s bar does not offer', () => {
    expect(effectiveFilters(new URLSearchParams('area=0-50&homeAge=0-5'), slots, presets, accepts)).toEqual({
      metroDistance: '1000',
    });
  });

  it('keeps the URL to what differs from the presets', () => {
    const at = (search: string, key: string, value: string | undefined) =>
      withSceneFilter(new URLSearchParams(search), presets, key, value);
    expect(at('scene=metro', 'metroDistance', '500')).toBe('scene=metro&metroDistance=500');
    expect(at('scene=metro&metroDistance=500', 'metroDistance', '1000')).toBe('scene=metro');
    expect(at('scene=metro', 'metroDistance', undefined)).toBe('scene=metro&metroDistance=');
    expect(at('scene=metro&roomType=2&page=3', 'roomType', undefined)).toBe('scene=metro');
  });

  it('tells the presets from an edit', () => {
    expect(isPreset({ metroDistance: '1000' }, presets)).toBe(true);
    expect(isPreset({}, presets)).toBe(false);
    expect(isPreset({ metroDistance: '1000', roomType: '2' }, presets)).toBe(false);
  });
});
