import { Search, Users } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminUserRow, UserSearchQuery } from '../../../../contracts/admin-users.contract';
import { USER_ROLES, type UserRole } from '../../../../domain/accounts/account-rules';
import { USER_STATUSES, type UserStatus } from '../../../../domain/admin/user-admin-rules';
import { ADMIN_USERS_MESSAGES as M } from '../../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../../components/ui/page-states';
import { Pagination } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { usePageParam } from '../../../lib/use-page-param';
import { useUserSearch } from './admin-users-api';
import { approvalLabel, StatusBadge, useAdminDates } from './user-labels';

// The admin's users search: the words, role and status live in the address (?q=&role=&status=
// &page=), so the sidebar's 'Search users, tutors...' box lands here and Back returns to a list.

const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  values.includes(value as T) ? (value as T) : undefined;

export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const q = params.get('q') ?? '';
  const role = oneOf<UserRole>(USER_ROLES, params.get('role'));
  const status = oneOf<UserStatus>(USER_STATUSES, params.get('status'));
  const query: UserSearchQuery = { q, page, ...(role && { role }), ...(status && { status }) };
  const search = useUserSearch(query);
  const [words, setWords] = useState(q);
  // A new ?q= (the sidebar's box, Back) shows in the box.
  useEffect(() => setWords(q), [q]);

  /** Changes one filter of the address; any change starts again at page 1. */
  const setFilter = (name: 'q' | 'role' | 'status', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', words.trim());
  };

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{M.title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{M.intro}</p>
      </header>
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <form role="search" onSubmit={onSearch} className="flex flex-1 items-end gap-2">
          <TextField
            label={M.searchLabel}
            type="search"
            placeholder={M.searchPlaceholder}
            value={words}
            maxLength={100}
            onChange={(event) => setWords(event.target.value)}
            className="flex-1"
          />
          <Button type="submit" aria-label={M.search}>
            <Search aria-hidden className="h-4 w-4" />
            <span className="hidden sm:inline">{M.search}</span>
          </Button>
        </form>
        <div className="grid grid-cols-2 gap-2 md:w-80">
          <SelectField
            label={M.roleLabel}
            value={role ?? ''}
            onChange={(event) => setFilter('role', event.target.value)}
          >
            <option value="">{M.anyRole}</option>
            {USER_ROLES.map((value) => (
              <option key={value} value={value}>
                {M.roles[value]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={M.statusLabel}
            value={status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">{M.anyStatus}</option>
            {USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {M.statuses[value]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {search.isPending ? (
        <LoadingSkeleton label={M.title} rows={5} />
      ) : search.isError ? (
        <ErrorPanel message={M.loadFailed} onRetry={() => void search.refetch()} />
      ) : search.data.users.length === 0 ? (
        <EmptyState icon={Users} title={M.empty} hint={M.intro} />
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {M.total(search.data.total)}
          </p>
          <UsersTable users={search.data.users} />
          <UserCards users={search.data.users} />
          <Pagination
            page={search.data.page}
            totalPages={search.data.totalPages}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

const linkClass =
  'font-medium text-indigo-700 hover:underline focus-visible:underline dark:text-indigo-300';

/** From 768 px: one row per user. */
function UsersTable({ users }: { users: AdminUserRow[] }) {
  const { formatDay } = useAdminDates();
  const captionId = useId();
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 md:block dark:border-slate-800">
      <table aria-labelledby={captionId} className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {M.title}
        </caption>
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-400">
          <tr>
            {Object.values(M.columns).map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-800 dark:bg-slate-950">
          {users.map((user) => (
            <tr key={user.id}>
              <td className="px-4 py-3">
                <Link to={paths.adminUser(user.id)} className={linkClass}>
                  {user.name}
                </Link>
              </td>
              <td className="px-4 py-3 break-all">{user.email}</td>
              <td className="px-4 py-3">{M.roles[user.role]}</td>
              <td className="px-4 py-3">
                <StatusBadge status={user.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDay(user.createdAt)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDay(user.lastSignInAt)}</td>
              <td className="px-4 py-3">{approvalLabel(user)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below 768 px: one card per user. */
function UserCards({ users }: { users: AdminUserRow[] }) {
  const { formatDay } = useAdminDates();
  return (
    <ul className="space-y-3 md:hidden">
      {users.map((user) => (
        <li
          key={user.id}
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-start justify-between gap-2">
            <Link to={paths.adminUser(user.id)} className={linkClass}>
              {user.name}
            </Link>
            <StatusBadge status={user.status} />
          </div>
          <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-400">{user.email}</p>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">{M.columns.role}</dt>
            <dd>{M.roles[user.role]}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{M.columns.created}</dt>
            <dd>{formatDay(user.createdAt)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{M.columns.lastSignIn}</dt>
            <dd>{formatDay(user.lastSignInAt)}</dd>
            {user.role === 'tutor' && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">{M.columns.approval}</dt>
                <dd>{approvalLabel(user)}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
