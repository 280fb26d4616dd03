// The orders service for the command line's `refund`: the providers of PAY_MODE (from the environment, as the
// server has them) on a Fastify instance of its own with no listening socket. In PAY_MODE=sandbox the gateway's
// books live in the server's memory, so a sandbox payment made there is unknown here and its refund fails (exit 1,
// the order stays PAID, audited as order.refund.failed): refund sandbox orders on /ops/orders instead.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '@fjt/db';
import { parseEnv, publicOrigin } from '../../env.ts';
import { createMembershipService } from '../membership/service.ts';
import { registerPayments } from '../payments/setup.ts';
import type { OrdersService } from '../payments/service.ts';

let app: FastifyInstance | null = null;

export async function cliOrdersService(db: Database): Promise<OrdersService> {
  const env = parseEnv();
  app = Fastify({ logger: { level: env.LOG_LEVEL } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const payments = await registerPayments(app, {
    env,
    db,
    membership: createMembershipService(db, { now: Date.now }),
    publicOrigin: publicOrigin(env),
    now: Date.now,
    timeoutJobMs: 0,
  });
  await app.ready();
  return payments.orders;
}

export async function closeCliOrdersService(): Promise<void> {
  await app?.close();
  app = null;
}
