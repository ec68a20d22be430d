import { useCallback, useEffect, useRef, useState } from 'react';
import T from '../../site/_data/staffConsole.json';
import type { Arrival, OnGate } from './StaffConsole';

/** A panel opened under a list: its heading takes focus once, when it opens. */
export const OPENED: Arrival = { focus: true };

/**
 * What every view and panel of the console starts with: what it loaded (null until it has come),
 * the refusal it shows (`error`), and its heading, focused when the view is arrived at
 * (`arrival.focus`). `fetch` runs when the view mounts and again whenever `key` changes (its
 * query, or the account it is about); an answer to a load that a newer one replaced is dropped.
 * `load()` fetches again after a change. `failed` hands a failure to the console's gate (401,
 * 403) or shows it, as the API words it, with `setError` or the `show` given.
 */
export function useConsoleLoad<Data>(onGate: OnGate, arrival: Arrival, fetch?: () => Promise<Data>, key = '') {
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const failed = useCallback(
    (failure: unknown, show: (message: string) => void = setError) => {
      if (!onGate(failure)) show(failure instanceof Error ? failure.message : T.failed);
    },
    [onGate],
  );
  const load = () => fetchRef.current?.().then(setData, failed);

  useEffect(() => {
    let live = true;
    fetchRef.current?.().then(
      (loaded) => live && setData(loaded),
      (failure: unknown) => live && failed(failure),
    );
    return () => {
      live = false;
    };
  }, [key, failed]);
  useEffect(() => {
    if (arrival.focus) headingRef.current?.focus();
  }, [arrival]);

  return { data, setData, error, setError, failed, load, headingRef };
}
