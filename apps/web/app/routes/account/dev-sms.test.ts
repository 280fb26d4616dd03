// The sandbox SMS page exists only with the sandbox gateway (SMS_PROVIDER=sandbox): a 404 otherwise.
import { describe, expect, it } from 'vitest';
import type { RouterContext } from '@fjt/domain';
import { loader } from './dev-sms.tsx';

const args = (smsSandbox: boolean | undefined) =>
  ({
    context: { smsSandbox } as unknown as RouterContext,
    params: {},
    request: new Request('http://localhost/dev/sms'),
  }) as unknown as Parameters<typeof loader>[0];

describe('/dev/sms loader', () => {
  it('renders with the sandbox gateway', () => {
    expect(loader(args(true))).toBeNull();
  });
  it('is a 404 without it', () => {
    for (const flag of [false, undefined]) {
      let thrown: unknown;
      try {
        loader(args(flag));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ init: { status: 404 } });
    }
  });
});
