import toast from 'react-hot-toast';

// Toasts as the spec sets them: top-center, success 3 s, error 4 s, plus loading toasts that
// a later success or error replaces (pass the id back).
export const notify = {
  success: (message: string, id?: string) => toast.success(message, { id, duration: 3000 }),
  error: (message: string, id?: string) => toast.error(message, { id, duration: 4000 }),
  loading: (message: string) => toast.loading(message),
  dismiss: (id?: string) => toast.dismiss(id),
};
