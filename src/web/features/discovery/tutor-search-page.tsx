import { PlaceholderCard } from '../../components/ui/placeholder-card';

export function TutorSearchPage() {
  return (
    <PlaceholderCard title="Find Your Perfect Tutor" description="Tutor search is being built." />
  );
}
