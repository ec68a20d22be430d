export interface ElementEntry {
  name: string;
  tag: string;
  input: string;
  public: boolean;
}
export function listElements(): ElementEntry[];
export function templateElements(template: string, dir?: string, seen?: Set<string>): Set<string>;
export const FRAME_ELEMENTS: string[];
export function lightIslandTags(): string[];
