import { defineElement } from '../lib/defineElement';
import { EmbedBuilder } from './EmbedBuilder';
import css from './styles.css';

export const TAG = 'dc-embed-builder';

/**
 * <dc-embed-builder> (site only, the /embed page): pick a public element, set its attributes,
 * see it live, copy the snippet with its SRI hash and the CSP lines. Reads its configuration
 * (widgets/embed-builder/embedForm.ts EmbedConfig) from an inline <script type="application/json"> child.
 */
defineElement(TAG, EmbedBuilder, { css });

declare global {
  interface HTMLElementTagNameMap {
    'dc-embed-builder': HTMLElement;
  }
}
