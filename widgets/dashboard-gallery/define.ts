import { defineElement } from '../lib/defineElement';
import { PROPS } from './attributes';
import { DashboardGallery } from './DashboardGallery';
import css from './styles.css';

export const TAG = 'dc-dashboard-gallery';

/** <dc-dashboard-gallery> (public, embeddable): its API is api.json (README.md). */
defineElement(TAG, DashboardGallery, { props: PROPS, css });
