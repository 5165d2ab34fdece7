export { sawOrder } from './order.ts';
export { countSawStops, cutKey, type StopSequence, sawStopsOf } from './stops.ts';
