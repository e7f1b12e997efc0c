/** The review module's public face: the review queue's route. */
export { reviewRoutes } from './review.routes';
