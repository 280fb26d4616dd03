// The review and viewing-note generators (run.ts GENERATORS), in load order.
export { reviewsGenerator } from './reviews.ts';
export { notesGenerator } from './notes.ts';
