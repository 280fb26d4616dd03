export * from './platform.ts';
export * from './geo.ts';
export * from './market.ts';
export * from './reports.ts';
export * from './overseas.ts';
export * from './content.ts';
export * from './accounts.ts';
export * from './membership.ts';
