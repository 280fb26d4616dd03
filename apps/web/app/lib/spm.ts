// spm position codes (issue 18): a.b.c.d = site 'fjt' . page (route id) . block . position. A tap on an element
// carrying data-spm={spm(...)} (or on anything inside it) is sent by lib/tracking.ts; /spm-demo shows them.
export const spm = (page: string, block: string, index: number | string = 0) => `fjt.${page}.${block}.${index}`;
