export { DogInfoLink, DonationOffer, PlanInfoLinks } from './OfferLinks.tsx';
export { showsDogInfo } from './offers.ts';
