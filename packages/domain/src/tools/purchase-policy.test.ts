import { describe, expect, it } from 'vitest';
import { PURCHASE_POLICIES, checkQualification, type QualificationInput } from './purchase-policy.ts';

const me: QualificationInput = { cityId: 605, hukou: 'nonlocal', socialMonths: 0, marital: 'single', homesOwned: 3 };

describe('checkQualification', () => {
  it('a lifted city says so plainly, with the date', () => {
    const v = checkQualification(me)!;
    expect(v.eligible).toBe(true);
    expect(v.headline).toBe('该城市已全面取消限购（2024-05-09起）');
    expect(v.moreHomes).toBeNull();
    expect(checkQualification({ ...me, cityId: 1201 })!.headline).toContain('2024-09-30');
  });

  it('北京: 非京籍 五环内 needs 2 years and may own 1; 五环外 1 year, unlimited', () => {
    const bj = { ...me, cityId: 101, homesOwned: 0 };
    expect(checkQualification({ ...bj, zone: 'inside5', socialMonths: 23 })!.eligible).toBe(false);
    const two = checkQualification({ ...bj, zone: 'inside5', socialMonths: 24 })!;
    expect([two.eligible, two.moreHomes]).toEqual([true, 1]);
    expect(checkQualification({ ...bj, zone: 'inside5', socialMonths: 30, homesOwned: 1 })!.eligible).toBe(false);
    const out = checkQualification({ ...bj, zone: 'outside5', socialMonths: 12, homesOwned: 5 })!;
    expect([out.eligible, out.moreHomes]).toEqual([true, null]);
    const local = checkQualification({ ...bj, hukou: 'local', zone: 'inside5', homesOwned: 1, multiChild: true })!;
    expect(local.moreHomes).toBe(2);
  });

  it('上海: 外环内 非沪籍 1–3 years one home, 3 years two; 外环外 unlimited after 1 year', () => {
    const sh = { ...me, cityId: 201, homesOwned: 0, zone: 'insideOuter' };
    expect(checkQualification({ ...sh, socialMonths: 11 })!.eligible).toBe(false);
    expect(checkQualification({ ...sh, socialMonths: 12 })!.moreHomes).toBe(1);
    expect(checkQualification({ ...sh, socialMonths: 36, homesOwned: 1 })!.moreHomes).toBe(1);
    const local = checkQualification({ ...sh, hukou: 'local', homesOwned: 2 })!;
    expect([local.eligible, local.headline]).toEqual([false, '已达限购套数（2套）']);
    expect(checkQualification({ ...sh, zone: 'outsideOuter', socialMonths: 12, homesOwned: 4 })!.moreHomes).toBeNull();
  });

  it('深圳: 盐田/大鹏 free, other districts 非深户 2, core 深户 3', () => {
    const sz = { ...me, cityId: 1202, homesOwned: 0 };
    expect(checkQualification({ ...sz, zone: 'free', homesOwned: 9 })!.moreHomes).toBeNull();
    expect(checkQualification({ ...sz, zone: 'relaxed', homesOwned: 1 })!.moreHomes).toBe(1);
    expect(checkQualification({ ...sz, zone: 'core' })!.eligible).toBe(false);
    expect(checkQualification({ ...sz, zone: 'core', hukou: 'local', homesOwned: 2 })!.moreHomes).toBe(1);
  });

  it('an unknown city or zone is null', () => {
    expect(checkQualification({ ...me, cityId: 999 })).toBeNull();
    expect(checkQualification({ ...me, cityId: 101, zone: 'moon' })).toBeNull();
  });

  it('covers the 16 cities; only 北京, 上海, 深圳 keep limits', () => {
    expect(PURCHASE_POLICIES).toHaveLength(16);
    expect(PURCHASE_POLICIES.filter((p) => p.status === 'limited').map((p) => p.cityName)).toEqual([
      '北京',
      '上海',
      '深圳',
    ]);
  });
});
