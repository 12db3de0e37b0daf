export const ROOT: string;
export function buildIsStale(): boolean;
export function buildAll(options?: { quiet?: boolean }): Promise<void>;
