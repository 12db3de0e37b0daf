export const ROOT: string;
export function buildIsStale(): boolean;
export function buildAll(options?: { quiet?: boolean }): Promise<void>;
/** Writes a .br and a .gz beside each text file under dir. */
export function precompress(dir: string): Promise<void>;
