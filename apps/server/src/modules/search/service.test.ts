// The per-city index cache: built once on first use, shared by concurrent requests, refreshed in the background.
import { describe, expect, it, vi } from 'vitest';
import type { CitySearchRows, SearchRepo } from './repo.ts';
import { createSearchService } from './service.ts';

function rows(estateName: string): CitySearchRows {
  return {
    districtNames: new Map([[1, '西湖区']]),
    plates: [{ id: 10, name: '文新', districtId: 1 }],
    estates: [{ id: 100, name: estateName, alias: null, districtId: 1, plateId: 10 }],
    projects: [],
    estateAvg: new Map([[100, 40_000]]),
    plateAvg: new Map(),
    onSale: new Map([[100, 3]]),
    recentDeals: new Map([[100, 2]]),
  };
}

function fakeRepo(names: string[]) {
  let build = 0;
  const repo = {
    cityExists: vi.fn(async (cityId: number) => cityId === 605),
    loadCity: vi.fn(async () => rows(names[Math.min(build++, names.length - 1)]!)),
  };
  return repo as typeof repo & SearchRepo;
}

const hotNames = async (service: ReturnType<typeof createSearchService>) =>
  (await service.hot(605))?.list.map((h) => h.name);

describe('search service cache', () => {
  it('builds a city once, even for concurrent first requests', async () => {
    const repo = fakeRepo(['西溪花园']);
    const service = createSearchService(repo);
    const [a, b] = await Promise.all([service.cityIndex(605), service.cityIndex(605)]);
    expect(a).toBe(b);
    await service.suggest({ cityId: 605, kw: 'xx', size: 10 });
    expect(repo.loadCity).toHaveBeenCalledTimes(1);
  });

  it('answers null for an unknown city and does not keep it', async () => {
    const repo = fakeRepo(['西溪花园']);
    const service = createSearchService(repo);
    expect(await service.suggest({ cityId: 1, kw: 'xx', size: 10 })).toBeNull();
    expect(await service.hot(1)).toBeNull();
    expect(repo.cityExists).toHaveBeenCalledTimes(2);
    expect(repo.loadCity).not.toHaveBeenCalled();
  });

  it('retries a failed build on the next request', async () => {
    const repo = fakeRepo(['西溪花园']);
    repo.loadCity.mockRejectedValueOnce(new Error('database gone'));
    const service = createSearchService(repo);
    await expect(service.hot(605)).rejects.toThrow('database gone');
    expect(await hotNames(service)).toEqual(['西溪花园']);
  });

  it('rebuilds an old index in the background while the old one keeps answering', async () => {
    let clock = 0;
    const repo = fakeRepo(['西溪花园', '文新小区']);
    const service = createSearchService(repo, { maxAgeMs: 1000, now: () => clock });
    expect(await hotNames(service)).toEqual(['西溪花园']);
    clock = 500;
    expect(await hotNames(service)).toEqual(['西溪花园']);
    expect(repo.loadCity).toHaveBeenCalledTimes(1);
    clock = 1500;
    expect(await hotNames(service)).toEqual(['西溪花园']); // stale answer, rebuild started
    await vi.waitFor(async () => expect(await hotNames(service)).toEqual(['文新小区']));
    expect(repo.loadCity).toHaveBeenCalledTimes(2);
  });

  it('invalidate drops the index; the next request rebuilds it', async () => {
    const repo = fakeRepo(['西溪花园', '文新小区']);
    const service = createSearchService(repo);
    expect(await hotNames(service)).toEqual(['西溪花园']);
    service.invalidate(605);
    expect(await hotNames(service)).toEqual(['文新小区']);
  });
});
