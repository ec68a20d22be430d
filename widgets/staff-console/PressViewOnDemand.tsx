import T from '../../site/_data/staffConsole.json';
import { onDemand } from './onDemand';
import { Confirm, ErrorAlert, fill, when } from './parts';
import type { PressKit } from './PressView';
import { staffApi } from './staffClient';
import type { Arrival, OnGate } from './StaffConsole';
import { useConsoleLoad } from './useConsoleLoad';

const KIT: PressKit = { api: staffApi, Confirm, ErrorAlert, fill, when, useConsoleLoad };

/**
 * The Press view, fetched when first opened (./onDemand: a chunk of its own, so the console's
 * first load stays within its budget). It gets the console's API client and parts as its kit.
 */
export const PressViewOnDemand = onDemand<{ onGate: OnGate; arrival: Arrival }>(
  () => import('./PressView').then(({ PressView }) => (props: { onGate: OnGate; arrival: Arrival }) => <PressView {...props} kit={KIT} />),
  T.pressLoading,
);
