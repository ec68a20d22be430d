import { defineElement } from '../lib/defineElement';
import { ThemeToggle } from './ThemeToggle';
import css from './styles.css';

export const TAG = 'dc-theme-toggle';

defineElement(TAG, ThemeToggle, { props: { label: 'string' }, css });

declare global {
  interface HTMLElementTagNameMap {
    'dc-theme-toggle': HTMLElement & { label?: string };
  }
}
