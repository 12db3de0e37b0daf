import { UserRoundPen } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { SETTINGS_MESSAGES as M } from '../../../domain/messages';
import { paths } from '../../lib/paths';
import { DeleteSection } from './delete-section';
import { EmailSection } from './email-section';
import { NotificationsSection } from './notifications-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SectionCard } from './section-card';
import { useAccount } from './settings-api';

/** The account Settings of students and tutors. */
export function SettingsPage() {
  const account = useAccount();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Settings</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Your name, photo, timezone, sign-in details, emails and account.
        </p>
      </div>
      {account.isPending && <LoadingSkeleton label="Loading your settings" rows={4} />}
      {account.isError && (
        <ErrorPanel message={M.loadFailed} onRetry={() => void account.refetch()} />
      )}
      {account.isSuccess && (
        <>
          {account.data.role === 'tutor' && (
            <SectionCard
              id="settings-tutor-profile"
              title="Tutor profile"
              intro="What students see: your bio, subjects, prices, video and availability."
            >
              <ButtonLink to={paths.tutor.editProfile} variant="secondary">
                <UserRoundPen aria-hidden className="h-4 w-4" />
                Edit tutor profile
              </ButtonLink>
            </SectionCard>
          )}
          <ProfileSection account={account.data} />
          <EmailSection email={account.data.email} hasPassword={account.data.hasPassword} />
          <PasswordSection hasPassword={account.data.hasPassword} />
          <NotificationsSection />
          <DeleteSection role={account.data.role} hasPassword={account.data.hasPassword} />
        </>
      )}
    </div>
  );
}
