import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';

/** The refresh button spins for at least 750 ms, so a fast answer is still seen. */
const REFRESH_SPIN_MS = 750;

export function RefreshButton({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  const [spinning, setSpinning] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = async () => {
    setSpinning(true);
    try {
      await Promise.all([
        onRefresh(),
        new Promise((resolve) => setTimeout(resolve, REFRESH_SPIN_MS)),
      ]);
    } finally {
      if (mounted.current) setSpinning(false);
    }
  };

  return (
    <Button
      variant="secondary"
      aria-label={M.refreshLessons}
      title={M.refreshLessons}
      aria-busy={spinning}
      disabled={spinning}
      onClick={() => void refresh()}
      className="px-3"
    >
      <RefreshCw aria-hidden className={`h-4 w-4 ${spinning ? 'animate-spin' : ''}`} />
    </Button>
  );
}
