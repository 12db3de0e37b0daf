import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  getAccount,
  getClosingSummary,
  requestEmailChange,
  updateAccountPhoto,
  updateAccountProfile,
  type AccountView,
} from '../../../contracts/account.contract';
import { uploadAvatar } from '../../../contracts/uploads.contract';
import { call, type BodyOf } from '../../lib/api-client';
import { useSession } from '../../lib/session';

const ACCOUNT_KEY = ['account'] as const;
const CLOSING_KEY = ['account', 'closing-summary'] as const;

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => call(getAccount), retry: false });
}

/** What deleting would do, read fresh each time the dialog opens. */
export function useClosingSummary(enabled: boolean) {
  return useQuery({
    queryKey: CLOSING_KEY,
    queryFn: () => call(getClosingSummary),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/**
 * The account's writes. Each adopts the account the server answers and refreshes the session,
 * so the sidebar's name, email and photo follow at once.
 */
export function useAccountActions() {
  const client = useQueryClient();
  const { refresh } = useSession();
  const adopt = async (account: AccountView) => {
    client.setQueryData(ACCOUNT_KEY, account);
    await refresh();
    return account;
  };
  return {
    saveProfile: async (body: BodyOf<typeof updateAccountProfile>) =>
      adopt(await call(updateAccountProfile, { body })),
    uploadPhoto: async (image: Blob) => {
      const form = new FormData();
      form.append('file', image, 'avatar.jpg');
      const stored = await call(uploadAvatar, { body: form });
      return adopt(await call(updateAccountPhoto, { body: { avatarPath: stored.path } }));
    },
    removePhoto: async () => adopt(await call(updateAccountPhoto, { body: { avatarPath: null } })),
    changePassword: (body: BodyOf<typeof changePassword>) => call(changePassword, { body }),
    requestEmailChange: (body: BodyOf<typeof requestEmailChange>) =>
      call(requestEmailChange, { body }),
    confirmEmailChange: async (body: BodyOf<typeof confirmEmailChange>) =>
      adopt(await call(confirmEmailChange, { body })),
    deleteAccount: (body: BodyOf<typeof deleteAccount>) => call(deleteAccount, { body }),
  };
}
