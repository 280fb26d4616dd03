export * from './platform.ts';
export * from './geo.ts';
