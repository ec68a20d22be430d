import type { WidgetFile } from '../widgets/lib/widgetSnippet';

export interface WidgetRelease {
  version: string;
  major: number;
  elements: Record<string, WidgetFile & { bytes: number }>;
}
export function widgetVersion(): string;
export function integrityOf(bytes: Uint8Array): string;
export function contentHashOf(bytes: Uint8Array): string;
export function writeWidgetRelease(options?: { distDir?: string }): WidgetRelease;
