import { defineElement } from '../lib/defineElement';
import { PROPS } from './attributes';
import { ThemeToggle } from './ThemeToggle';
import css from './styles.css';

export const TAG = 'dc-theme-toggle';

/** <dc-theme-toggle> (public, embeddable): its API is api.json (README.md). */
defineElement(TAG, ThemeToggle, { props: PROPS, css });
