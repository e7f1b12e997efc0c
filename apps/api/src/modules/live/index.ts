/** Live operations (issue 46): drivers' positions in, the live map's calls out. */
export { liveRoutes } from './live.routes';
export { recordPositions } from './positions.repository';
export { storeRoute } from './routes.repository';
export { runLiveCheck } from './alerts';
export { liveFeedPlugin } from './stream-feed';
export { liveMapRoutes } from './stream.routes';
