export interface ElementEntry {
  name: string;
  tag: string;
  input: string;
  public: boolean;
}
export function listElements(): ElementEntry[];
export const FRAME_ELEMENTS: string[];
