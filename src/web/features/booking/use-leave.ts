import { useNavigate } from 'react-router';

/** Whether this tab has an in-app page to go back to (React Router numbers its entries). */
const hasHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** Leaves a page the way the student came, or to `fallback` when it was opened directly. */
export function useLeave(fallback: string) {
  const navigate = useNavigate();
  return () => (hasHistory() ? navigate(-1) : navigate(fallback, { replace: true }));
}
