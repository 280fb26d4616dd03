// The msglink resolve limit shared by the API and the /activity/msglink page: one count per address across both, the
// page refused with the product's error page (429), other paths and addresses untouched.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { memoryWindowCounter } from '../../lib/window-counter.ts';
import type { PageErrors } from '../../plugins/framework-errors.ts';
import { MSGLINK_RESOLVES_PER_MINUTE, msgLinkResolveLimit } from './resolve-limit.ts';

describe('msgLinkResolveLimit', () => {
  it('counts the page and the API together per address; the page past it is the 429 error page', async () => {
    const limit = msgLinkResolveLimit(memoryWindowCounter());
    const pages: PageErrors = {
      render: async (_request, reply, status, message) => reply.code(status).send(`error page ${status} ${message}`),
    };
    const app = Fastify();
    app.addHook('onRequest', limit.pageGuard(pages));
    app.get('/activity/msglink', async () => 'redirected');
    app.get('/activity/other', async () => 'other');
    app.get('/msglink/resolve', { onRequest: async (request) => limit.admit(request) }, async () => 'resolved');
    const hit = (url: string, remoteAddress = '198.51.100.7') => app.inject({ url, remoteAddress });
    const half = MSGLINK_RESOLVES_PER_MINUTE / 2;
    for (let i = 0; i < half; i++) expect((await hit('/activity/msglink?code=x')).statusCode).toBe(200);
    for (let i = 0; i < half; i++) expect((await hit('/msglink/resolve?code=x')).statusCode).toBe(200);
    const page = await hit('/activity/msglink.data?code=x');
    expect(page.statusCode).toBe(429);
    expect(page.body).toMatch(/^error page 429 操作太频繁/);
    expect((await hit('/msglink/resolve?code=x')).statusCode).toBe(429);
    expect((await hit('/activity/other')).statusCode).toBe(200);
    expect((await hit('/activity/msglink?code=x', '198.51.100.8')).statusCode).toBe(200);
    await app.close();
  });
});
