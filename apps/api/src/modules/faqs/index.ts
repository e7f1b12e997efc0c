/** The faqs module's public face: its routes. */
export { faqRoutes } from './faqs.routes';
