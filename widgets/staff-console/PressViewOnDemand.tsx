import { useCallback, useEffect, useState } from 'react';
import T from '../../site/_data/staffConsole.json';
import { Confirm, ErrorAlert, fill, when } from './parts';
import type { PressKit } from './PressView';
import { staffApi } from './staffClient';
import type { Arrival, OnGate } from './StaffConsole';

type Loaded = typeof import('./PressView').PressView;
const KIT: PressKit = { api: staffApi, Confirm, ErrorAlert, fill, when, failed: T.failed };

/**
 * The Press view's code, fetched when the view is first opened (a chunk of its own, so the
 * console's first load stays within its budget); a failed fetch says so, with Try Again.
 */
export function PressViewOnDemand(props: { onGate: OnGate; arrival: Arrival }) {
  const [View, setView] = useState<{ view: Loaded } | 'loading' | 'failed'>('loading');
  const fetchView = useCallback(() => {
    setView('loading');
    import('./PressView').then(
      (module) => setView({ view: module.PressView }),
      (error: unknown) => {
        console.warn('<dc-staff-console>: the Press view could not be loaded.', error);
        setView('failed');
      },
    );
  }, []);
  useEffect(fetchView, [fetchView]);

  if (View === 'loading') return <p className="island-loading">{T.pressLoading}</p>;
  if (View === 'failed')
    return (
      <div className="staff-gate">
        <p role="alert">{T.pressLoadFailed}</p>
        <button type="button" className="btn btn-primary" onClick={fetchView}>
          {T.retry}
        </button>
      </div>
    );
  const { view: PressView } = View;
  return <PressView {...props} kit={KIT} />;
}
