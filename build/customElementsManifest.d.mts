import type { WidgetRelease } from './widgetRelease.mjs';

export interface ApiAttribute {
  name: string;
  property?: string;
  type: string;
  default?: string;
  description: string;
}
export interface ApiEvent {
  name: string;
  detail: string;
  description: string;
  deprecated?: string;
  cancelable?: boolean;
  target?: string;
}
export interface ElementApi {
  tagName: string;
  className: string;
  summary: string;
  example: Array<[string, string]>;
  attributes: ApiAttribute[];
  events: ApiEvent[];
  cssProperties: Array<{ name: string; description: string; default?: string }>;
  cssParts: Array<{ name: string; description: string }>;
  folder: string;
}
export function declaredProps(defineSource: string): Array<{ name: string; type: string }>;
export function readElementApis(): ElementApi[];
export function buildManifest(apis: ElementApi[], release: WidgetRelease): { schemaVersion: string; modules: Array<{ kind: string; path: string; declarations: Array<Record<string, unknown>>; exports?: unknown[] }> };
export function buildDeclarations(apis: ElementApi[], version: string): string;
export function buildReactDeclarations(apis: ElementApi[], version: string): string;
export function readmeSections(
  api: ElementApi,
  snippet: string,
  latestUrl: string,
): Record<'snippet' | 'attributes' | 'events' | 'css-properties' | 'css-parts', string>;
export function fillMarkers(text: string, sections: Record<string, string>): string;
export function writeFileIfChanged(path: string, text: string): boolean;
