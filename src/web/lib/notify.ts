import { toast } from 'react-hot-toast/headless';

// Toasts, drawn by components/ui/toaster.tsx (which also sets how long each type stays); a
// loading toast stays until a later success or error replaces it (pass the id back).
export const notify = {
  success: (message: string, id?: string) => toast.success(message, { id }),
  error: (message: string, id?: string) => toast.error(message, { id }),
  loading: (message: string) => toast.loading(message),
  dismiss: (id?: string) => toast.dismiss(id),
};
