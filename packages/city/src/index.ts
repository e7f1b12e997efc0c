export { DEMO_CITY } from './chicago';
export { cityMap, type CityFeature, type CityMap } from './map';
export { streetGraph, type StreetGraph } from './graph';
export { distanceMeters, headingDegrees, pathLength, pointAlong, type LngLat } from './geo';
