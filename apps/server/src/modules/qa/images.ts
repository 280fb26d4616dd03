// The images of a Q&A post, checked: each an /img/u address uploaded by the author (400 imageNotYours otherwise).
export { ownedImages } from '../uploads/service.ts';
