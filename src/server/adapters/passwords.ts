import { hash, verify } from '@node-rs/argon2';

// Password hashing: argon2id with OWASP's minimum parameters (19 MiB, 2 passes).
// (algorithm 2 is Argon2id in @node-rs/argon2's const enum, unreachable under verbatimModuleSyntax.)
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
}

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, ARGON2),
  verify: (stored, password) => verify(stored, password),
};
