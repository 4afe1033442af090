import { Crown } from 'lucide-react';
import type { CurrentUser } from '@assay/domain';
import { StatCard } from '@/components/ui/stat-card';

export function PremiumMemberCard({ user }: { user: CurrentUser }) {
  return (
    <StatCard
      title="Premium Member"
      icon={<Crown />}
      value={user.isPremium ? 'Active' : 'Standard'}
      caption={user.isPremium ? 'Enhanced service benefits' : 'Upgrade available'}
    />
  );
}
