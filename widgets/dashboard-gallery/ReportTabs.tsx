import { useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { ReportItem } from '../lib/reports';
import { tabKeyTarget } from '../lib/tabKeys';

export interface ReportTabsProps {
  reports: readonly ReportItem[];
  /** Index of the selected report. */
  selected: number;
  /** Accessible name of the tab list. */
  label: string;
  tabId: (index: number) => string;
  panelId: string;
  onSelect: (index: number) => void;
}

/**
 * The report tabs (WAI-ARIA tabs, manual activation): a click selects, the arrow keys and
 * Home/End move focus (tabKeys.ts), Enter or Space on the focused tab selects it.
 */
export function ReportTabs({ reports, selected, label, tabId, panelId, onSelect }: ReportTabsProps) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onTabKey = (event: ReactKeyboardEvent<HTMLButtonElement>, current: number) => {
    const target = tabKeyTarget(event.key, current, reports.length, 'horizontal');
    if (target === null) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
    tabRefs.current[target]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div className="tabs-wrap">
      <div className="tabs" role="tablist" aria-label={label}>
        {reports.map((item, i) => (
          <button
            key={item.id}
            ref={(element) => {
              tabRefs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            className="tab"
            aria-selected={i === selected ? 'true' : 'false'}
            aria-controls={panelId}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => onSelect(i)}
            onKeyDown={(event) => onTabKey(event, i)}
          >
            {item.title}
          </button>
        ))}
      </div>
    </div>
  );
}
