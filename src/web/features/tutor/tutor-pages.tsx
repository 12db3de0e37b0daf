import { PlaceholderCard } from '../../components/ui/placeholder-card';
import { useSession } from '../../lib/session';

export function TutorOverviewPage() {
  const { user } = useSession();
  return (
    <PlaceholderCard
      title={`Welcome, ${user?.firstName ?? ''}`}
      description="Your teaching dashboard will show upcoming lessons and new students here."
    />
  );
}

export const TUTOR_PLACEHOLDERS = {
  completeProfile: [
    'Complete your tutor profile',
    'The six-step profile wizard (basic info, education, subjects and languages, teaching style, photo and video, availability) arrives with the tutor-side release.',
  ],
  schedule: [
    'My Schedule',
    'Your weekly availability and upcoming lessons — arriving with the tutor-side release.',
  ],
  lessons: ['My Lessons', 'Lessons you have taught and will teach.'],
  students: ['My Students', 'The students who book you.'],
  messages: ['Messages', 'Conversations with your students will appear here.'],
  earnings: ['Earnings', 'Your payouts and lesson earnings will appear here.'],
  settings: ['Settings', 'Edit your account, timezone and password here.'],
  help: ['Help Center', 'Answers to common questions and a way to reach support.'],
} as const;
