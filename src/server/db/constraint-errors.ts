// The database has the last word on rules two requests could race past (no overlapping
// lessons, one trial per tutor, bounded columns). When it refuses a write, the error names the
// constraint; repositories turn that name into the domain error the client should see.

/** The SQLSTATEs of the constraint violations we translate. */
const VIOLATIONS = {
  exclusion: '23P01',
  unique: '23505',
  check: '23514',
} as const;

interface DatabaseError {
  code?: unknown;
  constraint?: unknown;
}

/** The name of the constraint a write violated, if the error is such a violation. */
export function violatedConstraint(error: unknown): string | undefined {
  const { code, constraint } = (error ?? {}) as DatabaseError;
  const isViolation = Object.values(VIOLATIONS).some((sqlState) => sqlState === code);
  return isViolation && typeof constraint === 'string' ? constraint : undefined;
}

/** A CHECK constraint refused a value: the input was out of bounds, never a server fault. */
export const isCheckViolation = (error: unknown) =>
  (error as DatabaseError | null)?.code === VIOLATIONS.check;

/**
 * Runs a write; if it violates one of the named constraints, throws that constraint's domain
 * error instead (any other error passes through unchanged).
 */
export async function translatingConstraints<T>(
  write: () => Promise<T>,
  errorsByConstraint: Record<string, () => Error>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedConstraint(error);
    const domainError = constraint ? errorsByConstraint[constraint] : undefined;
    throw domainError ? domainError() : error;
  }
}
