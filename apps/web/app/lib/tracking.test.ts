// @vitest-environment happy-dom
// The tracking queue (issue 18): events batch until 20 (then sent at once), flush sends what is left in batches of
// at most 50, nothing is queued when tracking is not allowed (DNT, GPC, the user's switch), subscribers see every
// queued event, and the browser-side checks read navigator.doNotTrack / globalPrivacyControl and localStorage.
import { afterEach, describe, expect, it } from 'vitest';
import { TRACKING_STORAGE_KEY } from '@fjt/domain';
import { FLUSH_AT, createTracker, readTrackingChoice, trackingAllowed, writeTrackingChoice } from './tracking.ts';

function harness(allowed = () => true) {
  const sent: { events: unknown[] }[] = [];
  const tracker = createTracker({
    send: (body) => {
      sent.push(JSON.parse(body) as { events: unknown[] });
      return true;
    },
    allowed,
    now: () => 1000,
  });
  return { sent, tracker };
}

afterEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
});

describe('the tracking queue', () => {
  it('batches events and sends them at 20', () => {
    const { sent, tracker } = harness();
    for (let i = 0; i < FLUSH_AT - 1; i++) tracker.track({ type: 'view', page: 'city-home', spm: '' });
    expect(sent).toEqual([]);
    expect(tracker.pending()).toBe(19);
    tracker.track({ type: 'click', page: 'city-home', spm: 'fjt.city-home.entry.0' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events).toHaveLength(20);
    expect(sent[0]!.events[19]).toEqual({ type: 'click', page: 'city-home', spm: 'fjt.city-home.entry.0', at: 1000 });
    expect(tracker.pending()).toBe(0);
  });

  it('flush sends what is queued, and nothing when the queue is empty', () => {
    const { sent, tracker } = harness();
    tracker.flush();
    expect(sent).toEqual([]);
    tracker.track({ type: 'view', page: 'search', spm: '', at: 5 });
    tracker.flush();
    expect(sent).toEqual([{ events: [{ type: 'view', page: 'search', spm: '', at: 5 }] }]);
  });

  it('queues and sends nothing when tracking is not allowed, and tells subscribers only what is queued', () => {
    let allowed = false;
    const { sent, tracker } = harness(() => allowed);
    const seen: string[] = [];
    const stop = tracker.subscribe((e) => seen.push(e.page));
    tracker.track({ type: 'view', page: 'a', spm: '' });
    tracker.flush();
    expect(sent).toEqual([]);
    expect(seen).toEqual([]);
    allowed = true;
    tracker.track({ type: 'view', page: 'b', spm: '' });
    stop();
    tracker.track({ type: 'view', page: 'c', spm: '' });
    expect(seen).toEqual(['b']);
    // turned off before the flush: what was queued is dropped
    allowed = false;
    tracker.flush();
    expect(sent).toEqual([]);
  });
});

describe('trackingAllowed', () => {
  it('is on by default, off with Do-Not-Track, Global Privacy Control or the switch turned off', () => {
    expect(trackingAllowed()).toBe(true);
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    expect(trackingAllowed()).toBe(false);
    Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    expect(trackingAllowed()).toBe(false);
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
    writeTrackingChoice(false);
    expect(localStorage.getItem(TRACKING_STORAGE_KEY)).toBe('0');
    expect(readTrackingChoice()).toBe(false);
    expect(trackingAllowed()).toBe(false);
    writeTrackingChoice(true);
    expect(trackingAllowed()).toBe(true);
  });
});
