import { describe, expect, it } from 'vitest';
import { agentImHref, readDownloadQuery, readImQuery, readRouteQuery } from './route-query.ts';

describe('route guard query parameters (spec §2)', () => {
  it('/im reads userid and username', () => {
    expect(readImQuery(new URLSearchParams('userid=u123&username=%E5%BC%A0%E4%B8%89'))).toEqual({
      userid: 'u123',
      username: '张三',
      about: null,
    });
    expect(readImQuery(new URLSearchParams(''))).toEqual({ userid: null, username: null, about: null });
  });

  it('/im reads the estate it is about (cityId and houseId, both valid ids, or neither)', () => {
    const about = (q: string) => readImQuery(new URLSearchParams(q)).about;
    expect(about('userid=agent-3&cityId=605&houseId=1234')).toEqual({ cityId: 605, estateId: 1234 });
    expect(agentImHref({ id: 3, name: '张三' }, { cityId: 605, estateId: 1234 })).toBe(
      '/im?userid=agent-3&username=%E5%BC%A0%E4%B8%89&cityId=605&houseId=1234',
    );
    for (const q of [
      'cityId=605',
      'houseId=1234',
      'cityId=0&houseId=1',
      'cityId=605&houseId=1e3',
      'cityId=605&houseId=-1',
    ])
      expect(about(q), q).toBeNull();
  });

  it('/download reads chanelName (the spec’s spelling), not channelName', () => {
    expect(readDownloadQuery(new URLSearchParams('chanelName=huawei'))).toEqual({ chanelName: 'huawei' });
    expect(readDownloadQuery(new URLSearchParams('channelName=huawei'))).toEqual({ chanelName: null });
  });

  it('rejects a channel that is not an identifier and caps lengths', () => {
    expect(readDownloadQuery(new URLSearchParams('chanelName=<script>'))).toEqual({ chanelName: null });
    expect(readImQuery(new URLSearchParams(`username=${'x'.repeat(100)}`)).username).toHaveLength(64);
  });

  it('applies only to the routes that take them', () => {
    const q = new URLSearchParams('userid=1&chanelName=oppo');
    expect(readRouteQuery('/im', q)).toEqual({ route: 'im', im: { userid: '1', username: null, about: null } });
    expect(readRouteQuery('/download/', q)).toEqual({ route: 'download', download: { chanelName: 'oppo' } });
    expect(readRouteQuery('/aboutus', q)).toBeNull();
    expect(readRouteQuery('/605/im', q)).toBeNull();
  });
});
