/** The coupons module's public face: its routes. */
export { couponRoutes } from './coupons.routes';
