// The data-change bus in one process (no REDIS_URL): a publish reaches every listener before it resolves, a listener
// that throws does not keep the others from hearing, and the message format read off Redis is lenient the safe way
// (anything unreadable means "everything changed").
import { describe, expect, it, vi } from 'vitest';
import { dataChanged, parseDataChanged } from '@fjt/dataset';
import { inProcessDataEvents } from './data-events.ts';

describe('in-process data events', () => {
  it('delivers a publish to every listener before it resolves; unsubscribed listeners hear nothing', async () => {
    const bus = inProcessDataEvents({ error: () => {} });
    const heard: unknown[] = [];
    const off = bus.onChange((e) => heard.push(['a', e.cityIds]));
    bus.onChange((e) => heard.push(['b', e.cityIds]));
    await bus.subscribed();
    await bus.publish(dataChanged(['deals'], [605, 1, 605]));
    expect(heard).toEqual([
      ['a', [1, 605]],
      ['b', [1, 605]],
    ]);
    off();
    await bus.publish(dataChanged(['seed'], 'all'));
    expect(heard.at(-1)).toEqual(['b', 'all']);
    expect(heard).toHaveLength(3);
  });

  it('keeps telling the other listeners when one throws, and logs it', async () => {
    const error = vi.fn();
    const bus = inProcessDataEvents({ error });
    const heard: unknown[] = [];
    bus.onChange(() => {
      throw new Error('broken cache');
    });
    bus.onChange((e) => heard.push(e.kinds));
    await bus.publish(dataChanged(['estates'], [605]));
    expect(heard).toEqual([['estates']]);
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('the data-changed message', () => {
  it('round-trips through JSON with its cities, kinds, time and origin', () => {
    const event = dataChanged(['listings', 'deals'], [605], 'host-1');
    expect(parseDataChanged(JSON.stringify(event))).toEqual(event);
    expect(event.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('reads anything malformed as a change of everything, never as nothing', () => {
    for (const text of ['', 'not json', 'null', '[]', '{"cityIds":"605"}', '{"cityIds":[0]}', '{"cityIds":[1.5]}']) {
      expect(parseDataChanged(text).cityIds, text).toBe('all');
    }
    expect(parseDataChanged('{"cityIds":[605],"kinds":["bogus","deals"]}')).toMatchObject({
      cityIds: [605],
      kinds: ['deals'],
    });
  });
});
