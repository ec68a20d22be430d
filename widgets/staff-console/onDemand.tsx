import { useEffect, useState, type ComponentType } from 'react';
import T from '../../site/_data/staffConsole.json';

/**
 * A part of the console loaded the first time it is shown (a chunk of its own: the staff view,
 * a client's name, requests and dashboards panels are opened now and then, not on every visit).
 * While it loads, `loading` says so; a failed load says so with Try Again, and is fetched anew
 * then (the failed promise is forgotten).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, loading: string): ComponentType<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const fetchPart = () =>
    (pending ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  return function OnDemand(props: P) {
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Part) return undefined;
      let live = true;
      fetchPart().then(
        (part) => live && setPart(() => part),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [Part, attempt]);

    if (Part) return <Part {...props} />;
    if (failed)
      return (
        <div className="staff-gate">
          <p role="alert">{T.loadFailed}</p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => {
              setFailed(false);
              setAttempt(attempt + 1);
            }}
          >
            {T.retry}
          </button>
        </div>
      );
    return <p className="staff-count">{loading}</p>;
  };
}
