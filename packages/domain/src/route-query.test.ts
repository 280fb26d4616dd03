import { describe, expect, it } from 'vitest';
import { readDownloadQuery, readImQuery, readRouteQuery } from './route-query.ts';

describe('route guard query parameters (spec §2)', () => {
  it('/im reads userid and username', () => {
    expect(readImQuery(new URLSearchParams('userid=u123&username=%E5%BC%A0%E4%B8%89'))).toEqual({
      userid: 'u123',
      username: '张三',
    });
    expect(readImQuery(new URLSearchParams(''))).toEqual({ userid: null, username: null });
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
    expect(readRouteQuery('/im', q)).toEqual({ route: 'im', im: { userid: '1', username: null } });
    expect(readRouteQuery('/download/', q)).toEqual({ route: 'download', download: { chanelName: 'oppo' } });
    expect(readRouteQuery('/aboutus', q)).toBeNull();
    expect(readRouteQuery('/605/im', q)).toBeNull();
  });
});
