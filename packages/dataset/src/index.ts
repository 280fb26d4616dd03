export { CITIES, type CitySeed } from './cities.ts';
export { seedDatabase, DEFAULT_SEED, type Scale, type SeedOptions, type SeedResult } from './seed.ts';
