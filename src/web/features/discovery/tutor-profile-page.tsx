import { PlaceholderCard } from '../../components/ui/placeholder-card';

export function TutorProfilePage() {
  return (
    <PlaceholderCard title="Tutor profile" description="The tutor profile page is being built." />
  );
}
