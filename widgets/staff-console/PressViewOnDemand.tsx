import T from '../../site/_data/staffConsole.json';
import { onDemand } from './onDemand';
import type { Arrival, OnGate } from './StaffConsole';

/**
 * The Press view, fetched when first opened (./onDemand: a chunk of its own, so the console's
 * first load stays within its budget). The chunk imports the console's API client and parts
 * from the console's own chunk.
 */
export const PressViewOnDemand = onDemand<{ onGate: OnGate; arrival: Arrival }>(
  () => import('./PressView').then(({ PressView }) => PressView),
  T.pressLoading,
);
